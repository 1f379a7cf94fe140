import './removable.cjs';  
export { aX as Action, n as Mutation, o as MutationState, aY as getDefaultState } from './queryClient-c9f8057a.js';
import './subscribable.cjs';	
