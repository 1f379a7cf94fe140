export { M as MutationCache } from './queryClient-65193a81.js';
import './subscribable.cjs';
import './removable.cjs';
