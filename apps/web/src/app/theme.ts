import type { ThemeConfig } from 'antd';

export const FONT_FAMILY = "'Be Vietnam Pro', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#237804',
    colorLink: '#237804',
    colorInfo: '#1677ff',
    // error text under fields and danger buttons' white captions: 5:1 (antd's #ff4d4f is 3.3:1)
    colorError: '#cf1322',
    fontFamily: FONT_FAMILY,
    borderRadius: 6,
    // text contrast ≥ 4.5:1 on white and on the table header's #fafafa (antd's 0.45 greys are 3.4:1):
    // hints, descriptions, secondary text, placeholders
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    // the value of a field shown but fixed (a ward officer's own ward): 5.6:1 on the disabled #f5f5f5
    // (antd's 0.25 grey is 1.8:1, and axe does not see a disabled select's value as disabled)
    colorTextDisabled: 'rgba(0, 0, 0, 0.6)',
  },
  components: {
    // an unchecked switch's white caption on its grey track: 4.7:1
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
    Layout: { siderBg: '#0f2e14', headerBg: '#ffffff', headerPadding: '0 20px', headerHeight: 56 },
    Menu: {
      darkItemBg: '#0f2e14',
      darkSubMenuItemBg: '#0a2410',
      darkItemSelectedBg: '#237804',
    },
  },
};

/** The same theme without antd's motions, for a user who asks the system to reduce motion (antd-root.tsx). */
export const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };
