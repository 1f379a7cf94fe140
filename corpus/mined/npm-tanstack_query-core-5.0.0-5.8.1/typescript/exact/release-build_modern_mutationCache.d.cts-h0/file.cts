export { M as MutationCache } from './queryClient-c9f8057a.js';
import './subscribable.cjs';
import './removable.cjs';
