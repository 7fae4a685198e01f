// The page-test helpers every remote shares (tooling/jest-page-helpers.tsx).
export { answer, click, fakeToken, httpError, renderPage, type } from '../../../tooling/jest-page-helpers';
