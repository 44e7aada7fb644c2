export { AssistantChat } from './AssistantChat';
export type {
  AssistantChatHandle,
  AssistantChatProps,
  AssistantChatEvents,
  AssistantMessageSentDetail,
  AssistantActionDetail,
  AssistantAnswerDetail,
  AssistantAnswerProgressDetail,
} from './AssistantChat';
export { AssistantLauncher } from './AssistantLauncher';
export { exportOpenChat } from './ChatExport';
export type { AssistantLauncherProps } from './AssistantLauncher';
export { renderAnswer } from './markdown';
export type { RenderAnswerOptions } from './markdown';
