import 'react';
import '@tanstack/query-devtools';
import '@tanstack/react-query';
export { D as DevtoolsOptions, R as ReactQueryDevtools } from './devtools-c71c5f06.js';
