import { LTI_INVITE_DAYS, LTI_LOG_LIMIT, LTI_PREVIEW_MAX_SAMPLES } from '@csp/contracts';

/** The words of the store's learning platforms section and the registration page. */
export const LTI_REGISTRATION_TEXT = {
  sectionTitle: 'Learning platforms (LTI 1.3)',
  intro:
    'Instructors and students open the store’s course materials from inside Canvas, Moodle, Blackboard or D2L. Register each platform here, with the addresses below entered in the platform.',
  loading: 'learning platforms',
  addressesTitle: 'The store’s addresses for the platform',
  addressesIntro: 'Copy these into the platform’s settings for this tool.',
  addressLabels: {
    login: 'Login (OIDC initiation) URL',
    launch: 'Launch (redirect) URL',
    keySet: 'Public key set (JWKS) URL',
    dynamicRegistration: 'Dynamic registration URL',
    domain: 'Domain',
  },
  copy: (what: string) => `Copy ${what}`,
  copied: (what: string) => `${what} copied to the clipboard.`,
  copyFailed: 'Could not copy: select the address and copy it yourself.',
  registrationsTitle: 'Registered platforms',
  none: 'No learning platform is registered yet. Add one, or create a dynamic registration link.',
  add: 'Add a platform',
  edit: (name: string) => `Edit ${name}`,
  remove: (name: string) => `Remove ${name}`,
  removeTitle: (name: string) => `Remove ${name}?`,
  removeMessage:
    'Launches from this platform are refused from now on. The launch log keeps its past launches.',
  removeConfirm: 'Remove platform',
  removed: (name: string) => `${name} was removed.`,
  dynamic: 'Registered by the platform (dynamic registration)',
  deployments: (n: number) => (n === 1 ? '1 deployment' : `${n} deployments`),
  grantsOn: 'Gives new instructors access to their launched course',
  grantsOff: 'New instructors ask the store for access',
  inviteTitle: 'Dynamic registration',
  inviteIntro: `Platforms that support LTI Dynamic Registration (Moodle, recent Canvas and D2L) register themselves from a link: make one, paste it into the platform’s “Register a tool” screen. Each link works once, within ${LTI_INVITE_DAYS} days.`,
  inviteCreate: 'Create a dynamic registration link',
  inviteLabel: 'Dynamic registration link',
  inviteExpires: (date: string) => `Works once, until ${date}.`,
  launchesTitle: 'Recent launches',
  launchesIntro: `The last ${LTI_LOG_LIMIT} launches and refusals, newest first. A refusal’s detail says what the platform sent wrong.`,
  launchesLoading: 'recent launches',
  launchesNone: 'No launch yet.',
  launchesFind: 'Find a person or course',
  launchesMatching: (shown: number, all: number) =>
    `${shown} of the ${all} recent launches ${shown === 1 ? 'matches' : 'match'}.`,
  launchesNoMatch: (text: string) =>
    `None of the last ${LTI_LOG_LIMIT} launches names “${text}”: older ones are not listed.`,
  launchCourse: (label: string) => `Course: ${label}`,
  launched: 'Launched',
  refused: 'Refused',
  formNew: 'Add a learning platform',
  formSave: 'Save platform',
  fields: {
    name: 'Name shown to staff',
    issuer: 'Issuer (iss)',
    clientId: 'Client ID',
    deploymentIds: 'Deployment IDs',
    deploymentId: (n: number) => `Deployment ID ${n}`,
    addDeployment: 'Add a deployment ID',
    removeDeployment: (n: number) => `Remove deployment ID ${n}`,
    keySetUrl: 'Platform’s public key set (JWKS) URL',
    authorizationEndpoint: 'Platform’s authorization (OIDC auth) URL',
    tokenEndpoint: 'Platform’s token URL (optional)',
    frameOrigins: 'Other addresses the platform shows the store in (optional)',
    coursePattern: 'Course pattern',
    grantInstructors: 'Give instructors access to their course on their first launch',
  },
  help: {
    issuer: 'The platform’s identity, e.g. https://canvas.instructure.com.',
    deploymentIds:
      'Each placement of the tool in the platform has one; launches from others are refused.',
    frameOrigins:
      'For platforms whose pages are on another address than their issuer, e.g. https://school.instructure.com.',
    coursePattern:
      'How a course id of the platform names a section: {term}, {dept}, {course} and {section}, e.g. {term}-{dept}-{course}-{section} for “2026FA-BIOL-101-001”. {term} and {course} are required. Without {section} the launch opens every section of the course that term.',
    grantInstructorsOn:
      'An instructor the store does not know yet gets an account that may adopt for the sections of the course they launched from.',
    grantInstructorsOff:
      'An instructor the store does not know yet gets an account with no access, and is told to ask the store.',
  },
  previewTitle: 'Try the pattern',
  previewLabel: `Sample course ids (one per line, up to ${LTI_PREVIEW_MAX_SAMPLES})`,
  previewRun: 'Show where they land',
  previewNone: 'Type a course id as the platform sends it to see which section it names.',
  previewMapped: (id: string, label: string) => `${id}: ${label}`,
  previewUnmapped: (id: string, why: string) => `${id}: no section. ${why}`,
  registerTitle: 'Register with a learning platform',
  registerWorking: 'Registering the store with the learning platform…',
  registerMissing:
    'This page is opened by the learning platform during dynamic registration. The address lacks the invite or the platform’s configuration.',
} as const;
