import './removable.cjs';
export { b6 as Action, b2 as FetchContext, b3 as FetchDirection, b4 as FetchMeta, b5 as FetchOptions, l as Query, aE as QueryBehavior, j as QueryState, b7 as SetStateOptions } from './queryClient-c9f8057a.js';
import './subscribable.cjs';
