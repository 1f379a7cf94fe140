import { R as ReactQueryDevtools$1 } from './devtools-c71c5f06.js';
import 'react';
import '@tanstack/query-devtools';
import '@tanstack/react-query';

declare const ReactQueryDevtools: typeof ReactQueryDevtools$1;

export { ReactQueryDevtools };
