// Shard 2 of the stories layer (tests/stories/stories.ts).
import { describeStories } from './stories';

await describeStories(2);
