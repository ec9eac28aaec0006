import type { ComponentType, LazyExoticComponent } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { ADOPT_ACTIONS } from '@csp/contracts';
import { PageFrame } from '../feedback/page-frame.tsx';
import { RootErrorPage } from '../feedback/root-error-page.tsx';
import { RootLayout } from '../shell/root-layout.tsx';
import * as pages from './lazy-pages.ts';
import { routeMeta } from './route-meta.ts';
import { UnknownPathRedirect } from './unknown-path-redirect.tsx';

const page = (component: LazyExoticComponent<ComponentType>) => <PageFrame page={component} />;
const to = (path: string) => <Navigate to={path} replace />;

const authed = (name: string | undefined, title: string) =>
  routeMeta({ name, title, auth: 'required', navigation: true });

/** Every route of spec §2, with its name, access rule and title. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    children: [
      { index: true, element: to('/dashboard') },
      {
        path: 'login',
        id: 'Login',
        handle: routeMeta({
          name: 'Login',
          title: 'Sign in',
          auth: 'none',
          navigation: false,
          guestOnly: true,
        }),
        element: page(pages.LoginPage),
      },
      {
        path: 'dashboard',
        id: 'Dashboard',
        handle: authed('Dashboard', 'Dashboard'),
        element: page(pages.DashboardPage),
      },
      {
        path: 'research',
        id: 'SectionResearch',
        handle: authed('SectionResearch', 'Section Research'),
        element: page(pages.SectionResearchPage),
      },
      { path: 'research/section', element: to('/research') },
      {
        path: 'research/section/:id',
        id: 'SectionDetail',
        handle: authed('SectionDetail', 'Section Detail'),
        element: page(pages.SectionDetailPage),
      },
      { path: 'research/section/:id/student', element: to('/research') },
      {
        path: 'research/section/:id/student/:num',
        id: 'SectionStudentDetail',
        handle: authed('SectionStudentDetail', 'Student Detail'),
        element: page(pages.SectionStudentDetailPage),
      },
      {
        path: 'search',
        id: 'SearchStudent',
        handle: authed('SearchStudent', 'Student Search'),
        element: page(pages.SearchStudentPage),
      },
      { path: 'search/student', element: to('/search') },
      {
        path: 'search/student/:num',
        id: 'SearchStudentDetail',
        handle: authed('SearchStudentDetail', 'Student Detail'),
        element: page(pages.SearchStudentDetailPage),
      },
      { path: 'settings', element: to('/settings/permissions') },
      {
        path: 'settings/permissions',
        id: 'SettingsPermissions',
        handle: routeMeta({
          ...authed('SettingsPermissions', 'Permissions'),
          anyOf: ['ASSIGN_PERMISSIONS', 'CREATE_USER'],
        }),
        element: page(pages.SettingsPermissionsPage),
      },
      {
        path: 'adopt',
        handle: routeMeta({
          title: 'Adopt Course Materials',
          auth: 'required',
          navigation: true,
          anyOf: ADOPT_ACTIONS,
        }),
        children: [
          { index: true, element: page(pages.AdoptPage) },
          {
            path: 'course/:divisionId/:departmentCode/:courseCode',
            id: 'CourseDetail',
            handle: authed('CourseDetail', 'Course Detail'),
            element: page(pages.CourseDetailPage),
          },
        ],
      },
      {
        path: 'reset-password',
        id: 'ResetPassword',
        handle: routeMeta({
          name: 'ResetPassword',
          title: 'Reset Password',
          auth: 'none',
          navigation: false,
        }),
        element: page(pages.ResetPasswordPage),
      },
      {
        path: 'help',
        handle: routeMeta({ title: 'Help', auth: 'optional', navigation: true }),
        element: page(pages.HelpPage),
      },
      {
        path: 'data-summary',
        id: 'DataSummary',
        handle: routeMeta({ ...authed('DataSummary', 'Data Summary'), anyOf: ['DATA_MANAGER'] }),
        element: page(pages.DataSummaryPage),
      },
      {
        path: 'funding-management',
        id: 'FundingManagement',
        handle: authed('FundingManagement', 'Funding Management'),
        element: page(pages.FundingManagementPage),
      },
      { path: '*', element: <UnknownPathRedirect /> },
    ],
  },
];
