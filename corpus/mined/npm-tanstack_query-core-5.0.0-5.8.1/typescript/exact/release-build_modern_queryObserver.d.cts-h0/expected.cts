import './subscribable.cjs';
export { aG as NotifyOptions, aF as ObserverFetchOptions, c as QueryObserver } from './queryClient-65193a81.js';
import './removable.cjs';
