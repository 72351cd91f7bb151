import locale from 'antd/es/locale/en_US';

/** antd's texts for this language; loaded only when it is in use. */
export { locale };
export const dayjsName = 'en';
