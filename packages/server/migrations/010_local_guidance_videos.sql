-- The demo menu's guidance videos move from placeholder YouTube URLs to the server's own demo videos
-- (GET /videos/embed/{id}), so guidance plays offline. The seed never changes existing rows, so a
-- database seeded before this change is moved here, once. Only the exact URLs the earlier seed wrote
-- are rewritten: any other assistance_src (a deployment's own videos) is left as it is. A new
-- database has none of them; the seed writes the local URLs.
create temporary table guidance_video_moves (old_src text primary key, new_src text not null) on commit drop;
insert into guidance_video_moves (old_src, new_src) values
  ('https://www.youtube-nocookie.com/embed/Tq2yI5ZpYbM', '/videos/embed/billing'),
  ('https://www.youtube-nocookie.com/embed/r8Hc4wLkP0s', '/videos/embed/licence-costs'),
  ('https://www.youtube-nocookie.com/embed/X3bNfW7qJdE', '/videos/embed/azure-costs'),
  ('https://www.youtube-nocookie.com/embed/uV9mK2tRz6A', '/videos/embed/m365-licences'),
  ('https://www.youtube-nocookie.com/embed/p4QeD8sLc1Y', '/videos/embed/security'),
  ('https://www.youtube-nocookie.com/embed/h7GjN0wXb5K', '/videos/embed/usage'),
  ('https://www.youtube-nocookie.com/embed/a1ZkR6vTm9Q', '/videos/embed/reports'),
  ('https://www.youtube-nocookie.com/embed/Lw3sF8yHn2U', '/videos/embed/assistant'),
  ('https://www.youtube-nocookie.com/embed/e5CxV1pJq7O', '/videos/embed/release-notes');

update menu_items set assistance_src = m.new_src from guidance_video_moves m where menu_items.assistance_src = m.old_src;
update menu_pages set assistance_src = m.new_src from guidance_video_moves m where menu_pages.assistance_src = m.old_src;
update menu_page_tabs set assistance_src = m.new_src from guidance_video_moves m where menu_page_tabs.assistance_src = m.old_src;
