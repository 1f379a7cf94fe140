import { R as ReactQueryDevtools$1 } from './devtools-5fd5b190.js';
import 'react';
import '@tanstack/query-devtools';
import '@tanstack/react-query';

declare const ReactQueryDevtools: typeof ReactQueryDevtools$1;

export { ReactQueryDevtools };
