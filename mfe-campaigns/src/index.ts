void import('./standalone');
