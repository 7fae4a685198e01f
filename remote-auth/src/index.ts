// Async boundary: shared modules (React, antd, @parley/shared) are negotiated before the page code runs.
void import('./standalone');
