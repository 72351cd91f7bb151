import 'dayjs/locale/zh-cn';
import locale from 'antd/es/locale/zh_CN';

/** antd's texts for this language (the import above registers dayjs's); loaded only when it is in use. */
export { locale };
export const dayjsName = 'zh-cn';
