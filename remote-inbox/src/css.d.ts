// Stylesheets are bundled by rspack (experiments.css) and stubbed in jest.
declare module '*.css';
