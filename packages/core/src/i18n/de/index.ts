import type { Messages } from '../messages';
import { chartDe } from './chartMessages';
import { chatLauncherDe } from './chatLauncherMessages';
import { chatDe } from './chatMessages';
import { dashboardDe } from './dashboardMessages';
import { dataDe } from './dataMessages';
import { feedbackDe } from './feedbackMessages';
import { gridDe } from './gridMessages';
import { menuDe } from './menuMessages';
import { de } from './messages';
import { pagesDe } from './pageMessages';
import { questionnaireDe } from './questionnaireMessages';
import { releaseNotesDe } from './releaseNotesMessages';
import { reportDe } from './reportMessages';
import { searchDe } from './searchMessages';
import { settingsDe } from './settingsMessages';
import { serverDe } from './serverMessages';
import { shellDe } from './shellMessages';
import { dynamicPageDe } from './dynamicPageMessages';

export {
  chartDe,
  chatDe,
  chatLauncherDe,
  dashboardDe,
  dataDe,
  de,
  feedbackDe,
  gridDe,
  menuDe,
  pagesDe,
  questionnaireDe,
  releaseNotesDe,
  reportDe,
  searchDe,
  serverDe,
  settingsDe,
  shellDe,
  dynamicPageDe,
};

/**
 * The complete German catalogue: every piece's messages in one
 * object, the feature pages' texts (`dataDe`) and the menu's (`menuDe`, answered by the server: the
 * client shows the menu the server sends). `chatLauncherDe`'s one key is also in `chatDe`, as in English.
 * @public
 */
export const deMessages: Messages = {
  ...de,
  ...shellDe,
  ...dynamicPageDe,
  ...reportDe,
  ...searchDe,
  ...chatLauncherDe,
  ...chatDe,
  ...pagesDe,
  ...feedbackDe,
  ...settingsDe,
  ...gridDe,
  ...dashboardDe,
  ...chartDe,
  ...questionnaireDe,
  ...releaseNotesDe,
  ...serverDe,
  ...dataDe,
  ...menuDe,
};
