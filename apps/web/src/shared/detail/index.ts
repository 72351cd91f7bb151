export { DetailCards, DetailState, type DetailGroup, type DetailItem } from './DetailCards';
export { DetailFrame, lazyDrawer, NotFoundState, type DetailAction, type DetailDrawerProps, type DetailFrameProps } from './DetailFrame';
export { LazyPart } from './LazyPart';
export { LiveIndicator } from './LiveIndicator';
export { detailInput, isNotFound, useDetail, type DetailEndpoint, type DetailQuery, type DetailStatus } from './useDetail';
