-- What the host page said the visitor was looking at when a question was asked (core's
-- rules/pageContext: a title and a small JSON object, at most 8 KB), stored with the question.
-- A new nullable column: a release that does not know it goes on working beside this one.
alter table chat_messages add column page_context jsonb;
