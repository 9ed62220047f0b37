// Who the app is to the OS. Windows files the taskbar button, the badge overlay and every toast
// notification (and the person's "allow notifications" switch for them) under the process's
// AppUserModelID; the installer's Start-menu shortcut is registered under electron-builder's appId,
// so the two must be the same string or notifications go missing or ignore that switch.
export const APP_USER_MODEL_ID = 'io.github.coffer.desktop';
