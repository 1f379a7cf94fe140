import './removable.cjs';
export { aX as Action, n as Mutation, o as MutationState, aY as getDefaultState } from './queryClient-65193a81.js';
import './subscribable.cjs';
