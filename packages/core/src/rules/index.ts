/** The spec's pure rules, one module per subject; each names its spec section. */
export * from './constants';
export * from './confirm';
export * from './toasts';
export * from './licenses';
export * from './menu';
export * from './feedback';
export * from './bookmarks';
export * from './reports';
export * from './jwt';
export * from './session';
export * from './audit';
export * from './chat';
export * from './datasets';
export * from './layout';
export * from './embed';
export * from './reportContext';
