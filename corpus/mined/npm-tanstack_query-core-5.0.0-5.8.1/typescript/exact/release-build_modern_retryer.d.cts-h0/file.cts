export { C as CancelledError, a$ as RetryDelayValue, a_ as RetryValue, aZ as Retryer, b0 as canFetch, b1 as createRetryer, g as isCancelledError } from './queryClient-c9f8057a.js';
import './removable.cjs';
import './subscribable.cjs';
