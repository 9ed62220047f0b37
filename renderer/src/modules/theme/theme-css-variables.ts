// The theme colours our own styles read, as CSS custom properties.
import type { ThemeCommonVars } from 'naive-ui';
import { FOCUS_RING } from './theme-overrides';
import type { ThemeName } from './theme-preference';

type Common = Pick<ThemeCommonVars, 'primaryColor' | 'textColor1' | 'textColor3' | 'dividerColor' | 'bodyColor' | 'errorColor' | 'successColor'>;

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
  };
}
