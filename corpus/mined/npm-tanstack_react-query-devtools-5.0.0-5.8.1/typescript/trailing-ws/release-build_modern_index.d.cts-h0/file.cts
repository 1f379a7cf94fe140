import { d as devtools } from './devtools-c71c5f06.js';
import 'react';  
import '@tanstack/query-devtools';	
import '@tanstack/react-query'; 

declare const ReactQueryDevtools: (typeof devtools)['ReactQueryDevtools'];

export { ReactQueryDevtools };
