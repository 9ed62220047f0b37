// The dock or taskbar badge: the number of withdrawals waiting for approval on the active profile.
// Every decision is in waiting-approvals.ts (what counts) and badge-decision.ts (what each OS
// shows); this only hands the result to Electron.
import { app, BrowserWindow, nativeImage } from 'electron';
import type { Core } from '../core/app';
import { badgeFor, OVERLAY_SIZE, overlayBitmap } from './badge-decision';
import { followWaitingApprovals } from './waiting-approvals';

export function showWaitingApprovalsBadge(core: Core): () => void {
  let last = 0;
  const apply = (count: number) => {
    last = count;
    const action = badgeFor(count, process.platform);
    if (action.kind === 'dock') app.dock?.setBadge(action.text);
    else if (action.kind === 'count') app.setBadgeCount(action.count);
    else {
      const bitmap = overlayBitmap(action.text);
      const icon = bitmap === null ? null : nativeImage.createFromBitmap(bitmap, { width: OVERLAY_SIZE, height: OVERLAY_SIZE });
      for (const window of BrowserWindow.getAllWindows()) window.setOverlayIcon(icon, action.description);
    }
  };
  const follower = followWaitingApprovals({
    events: core.events,
    dispatch: core.dispatch,
    activeProfileId: () => core.profiles.activeProfileId(),
    show: apply,
  });
  // A window opened later (macOS reopening from the dock) gets the overlay the others have.
  const onWindow = () => apply(last);
  app.on('browser-window-created', onWindow);
  return () => {
    follower.stop();
    app.off('browser-window-created', onWindow);
  };
}
