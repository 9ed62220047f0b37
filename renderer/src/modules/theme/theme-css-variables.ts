// The theme colours our own styles read, as CSS custom properties. Each text colour here reaches
// 4.5:1 on the theme's pages and cards: muted text uses --coffer-text-muted (not opacity), gains
// and losses --coffer-positive / --coffer-negative, cautions --coffer-warning.
import type { ThemeCommonVars } from 'naive-ui';
import { FOCUS_RING } from './theme-overrides';
import type { ThemeName } from './theme-preference';

type Common = Pick<ThemeCommonVars, 'primaryColor' | 'textColor1' | 'textColor3' | 'dividerColor' | 'bodyColor' | 'errorColor' | 'successColor' | 'warningColor'>;

export function themeCssVariables(vars: Common, theme: ThemeName): Record<string, string> {
  return {
    '--coffer-accent': vars.primaryColor,
    '--coffer-text': vars.textColor1,
    '--coffer-text-muted': vars.textColor3,
    '--coffer-border': vars.dividerColor,
    '--coffer-body': vars.bodyColor,
    '--coffer-focus': FOCUS_RING[theme],
    '--coffer-positive': vars.successColor,
    '--coffer-negative': vars.errorColor,
    '--coffer-warning': vars.warningColor,
  };
}
