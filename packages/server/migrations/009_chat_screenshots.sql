-- Screenshots sent with a question (spec §3 "Message" data.screenshot, §5 "Chat message": a
-- question may be a screenshot without text). Stored on the user's message as the base64 data: URL
-- it was sent as (a PNG, JPEG or WebP image of at most 2 MiB, checked by the generate route), so a
-- restored chat shows it again. Only user messages carry one; like the rest of the chat it is read
-- only through its owner's chat (tenant and user of the app token) and goes when the chat is deleted.
alter table chat_messages add column screenshot text;
alter table chat_messages add constraint chat_messages_screenshot_user check (screenshot is null or sender = 'user');
alter table chat_messages add constraint chat_messages_screenshot_data_url check (screenshot is null or screenshot like 'data:image/%;base64,%');
