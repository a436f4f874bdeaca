import type { ThemeConfig } from 'antd';

export const FONT_FAMILY = "'Be Vietnam Pro', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#237804',
    colorLink: '#237804',
    colorInfo: '#1677ff',
    fontFamily: FONT_FAMILY,
    borderRadius: 6,
  },
  components: {
    Layout: { siderBg: '#0f2e14', headerBg: '#ffffff', headerPadding: '0 20px', headerHeight: 56 },
    Menu: {
      darkItemBg: '#0f2e14',
      darkSubMenuItemBg: '#0a2410',
      darkItemSelectedBg: '#237804',
    },
  },
};
