import type { ThemeConfig } from 'antd';

/**
 * Seeds darker than antd's defaults: the defaults (#1677ff, #ff4d4f, #52c41a, 45 % grey text)
 * fall below WCAG AA contrast on white, and every text colour here must pass it.
 */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    colorSuccess: '#237804',
    colorWarning: '#8a5300',
    colorError: '#cf1322',
    // Hover and active states keep AA contrast on the light grey hover background too.
    colorPrimaryHover: '#0b4fb3',
    colorPrimaryActive: '#003eb3',
    colorLinkHover: '#0b4fb3',
    colorLinkActive: '#003eb3',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 16px', siderBg: '#001529' },
  },
};
