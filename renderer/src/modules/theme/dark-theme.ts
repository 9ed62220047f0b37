// naive-ui's dark theme on its own: every component's dark styles, which a light session never
// needs. Only ever imported through loadDarkTheme (shown-theme.ts), so it is a chunk of its own.
export { darkTheme } from 'naive-ui';
