import './subscribable.cjs';
export { aG as NotifyOptions, aF as ObserverFetchOptions, c as QueryObserver } from './queryClient-c9f8057a.js';
import './removable.cjs';
