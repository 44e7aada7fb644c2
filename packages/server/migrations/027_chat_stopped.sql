-- Answers that stream (issue 40 §2): an answer the user stopped while it was written is kept as far
-- as it got, with what it cost, marked 'stopped' beside the spec's 'error'.
alter table chat_messages drop constraint chat_messages_type_check;
alter table chat_messages add constraint chat_messages_type_check check (type in ('error', 'stopped'));
