-- An action of the host page the assistant proposed in an answer (core's rules/pageActions: its
-- name, description and arguments, checked against the parameters the page registered), and the
-- page's result once the visitor ran it. Stored with the answer.
-- A new nullable column: a release that does not know it goes on working beside this one.
alter table chat_messages add column page_action jsonb;
alter table chat_messages add constraint chat_messages_page_action_assistant check (page_action is null or sender = 'assistant');
