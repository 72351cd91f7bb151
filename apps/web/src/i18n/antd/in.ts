import 'dayjs/locale/id';
import locale from 'antd/es/locale/id_ID';

/** antd's texts for this language (the import above registers dayjs's); loaded only when it is in use. */
export { locale };
export const dayjsName = 'id';
