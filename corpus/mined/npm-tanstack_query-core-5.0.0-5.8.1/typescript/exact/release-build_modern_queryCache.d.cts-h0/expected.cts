export { Q as QueryCache, a as QueryCacheNotifyEvent, b8 as QueryStore } from './queryClient-65193a81.js';
import './subscribable.cjs';
import './removable.cjs';
