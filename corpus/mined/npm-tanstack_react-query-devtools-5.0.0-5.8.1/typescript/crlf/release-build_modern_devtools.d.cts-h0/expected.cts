import 'react';
import '@tanstack/query-devtools';
import '@tanstack/react-query';
export { D as DevtoolsOptions, R as ReactQueryDevtools } from './devtools-5fd5b190.js';
