// The page-test helpers every remote shares (tooling/jest-page-helpers.tsx).
import type { PageProps } from '@parley/shared';
import type { ComponentType } from 'react';
import { renderPage } from '../../../tooling/jest-page-helpers';

export { answer, click, fakeToken, httpError, type } from '../../../tooling/jest-page-helpers';

export const renderProfilePage = (Page: ComponentType<PageProps>) => renderPage(Page);
