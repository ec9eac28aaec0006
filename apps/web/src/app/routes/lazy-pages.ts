import { lazy } from 'react';

// One chunk per page keeps the first load small; each import names the page's export.
export const LoginPage = lazy(() =>
  import('../../features/account/pages/login-page.tsx').then((m) => ({ default: m.LoginPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('../../features/account/pages/reset-password-page.tsx').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
export const DashboardPage = lazy(() =>
  import('../../features/metrics/pages/dashboard-page.tsx').then((m) => ({
    default: m.DashboardPage,
  })),
);
export const SectionResearchPage = lazy(() =>
  import('../../features/research/pages/section-research-page.tsx').then((m) => ({
    default: m.SectionResearchPage,
  })),
);
export const SectionDetailPage = lazy(() =>
  import('../../features/research/pages/section-detail-page.tsx').then((m) => ({
    default: m.SectionDetailPage,
  })),
);
export const SectionStudentDetailPage = lazy(() =>
  import('../../features/research/pages/section-student-detail-page.tsx').then((m) => ({
    default: m.SectionStudentDetailPage,
  })),
);
export const SearchStudentPage = lazy(() =>
  import('../../features/students/pages/search-student-page.tsx').then((m) => ({
    default: m.SearchStudentPage,
  })),
);
export const SearchStudentDetailPage = lazy(() =>
  import('../../features/students/pages/search-student-detail-page.tsx').then((m) => ({
    default: m.SearchStudentDetailPage,
  })),
);
export const SettingsPermissionsPage = lazy(() =>
  import('../../features/permissions/pages/settings-permissions-page.tsx').then((m) => ({
    default: m.SettingsPermissionsPage,
  })),
);
export const AdoptPage = lazy(() =>
  import('../../features/adoption/pages/adopt-page.tsx').then((m) => ({ default: m.AdoptPage })),
);
export const CourseDetailPage = lazy(() =>
  import('../../features/adoption/pages/course-detail-page.tsx').then((m) => ({
    default: m.CourseDetailPage,
  })),
);
export const HelpPage = lazy(() =>
  import('../../features/help/pages/help-page.tsx').then((m) => ({ default: m.HelpPage })),
);
export const DataSummaryPage = lazy(() =>
  import('../../features/data/pages/data-summary-page.tsx').then((m) => ({
    default: m.DataSummaryPage,
  })),
);
export const FundingManagementPage = lazy(() =>
  import('../../features/funding/pages/funding-management-page.tsx').then((m) => ({
    default: m.FundingManagementPage,
  })),
);
