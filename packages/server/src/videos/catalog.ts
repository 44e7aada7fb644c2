import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The demo guidance videos (spec §2 "Guidance dialog"), as `assets/videos/videos.json` lists them:
 * the routes serve them, the demo menu points at them, the maintainer's generate.sh draws them.
 */

/** A video id: lower-case letters and digits in dash-separated words, at most 64 characters. */
export const VIDEO_ID_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

/** A demo video as `videos.json` lists it. */
export interface DemoVideo {
  id: string;
  /** The topic, shown on the video's title card and under the player. */
  title: string;
}

/** The embed page's caption and title of a video. */
export const videoCaption = (video: DemoVideo) => `${video.title} — guided tour`;

/** The embed page's URL of a demo video, as the demo menu's `assistanceSrc` holds it. */
export const videoEmbedPath = (id: string) => `/videos/embed/${id}`;

/** The demo videos listed in `dir/videos.json`, by id; none when the folder has no catalogue. */
export function loadVideoCatalog(dir: string): Map<string, DemoVideo> {
  const file = join(dir, 'videos.json');
  if (!existsSync(file)) return new Map();
  const entries = JSON.parse(readFileSync(file, 'utf8')) as DemoVideo[];
  const id = new RegExp(VIDEO_ID_PATTERN);
  for (const entry of entries) {
    if (typeof entry.id !== 'string' || entry.id.length > 64 || !id.test(entry.id) || typeof entry.title !== 'string')
      throw new Error(`${file}: every video needs an id matching ${VIDEO_ID_PATTERN} and a title`);
  }
  return new Map(entries.map((v) => [v.id, { id: v.id, title: v.title }]));
}
