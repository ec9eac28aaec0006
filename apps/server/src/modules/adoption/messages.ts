/** Messages of the adoption area. */
export const ADOPTION_MESSAGES = {
  mayNotAdopt: 'You do not have permission to adopt course materials.',
  courseNotFound: (departmentCode: string, courseCode: string) =>
    `There is no course ${departmentCode} ${courseCode} in that division that you can work on.`,
  /** docs/behaviour/messages.md, verbatim. */
  noPreviousAdoptions: 'Sorry, we do not have any previous adoptions for this course.',
  adoptionNotFound: 'There is no such adoption on a course you can work on.',
  adoptionOutOfReach:
    'This adoption is only for sections you do not adopt for: its history and messages are for those who do.',
  notOnSection: 'That adoption is not on that section.',
  notProposedAutoAdoption: 'That adoption is not a course adoption of a proposed title.',
  mayNotChangeCourse: 'You cannot change the course adoptions of this course.',
  mayNotChangeSection: 'You cannot change the adoptions of that section.',
  mayNotSendFutureAdoptions:
    'Only the course materials team and submitters can send the future adoptions e-mail.',
  noFutureAdoptions:
    'This course has no adoptions on sections that start in the future, so there is nothing to send.',
  futureAdoptionsNotSent:
    'The future adoptions e-mail could not be sent to anyone. Nothing was recorded: try again later.',
  noFutureAdoptionRecipients:
    'Nobody can be told: the instructors of the future sections and the submitters have no e-mail address.',
  productsNotFound: (ids: readonly number[]) =>
    `There is no product ${ids.join(', ')} in the distributor catalog.`,
  unknownProductType: 'Choose one of the product types offered.',
  titleNotFound: 'There is no such title in this store.',
  proposedTitleNotFound: 'There is no such proposed title in this store.',
  chooseOneMaterial:
    'Choose one material: a title or a proposed title (or mark no text required, with neither).',
  chooseSections: 'Choose at least one section.',
  noKindWithoutMaterial: 'No text required has no material, so it has no material kind.',
  mayNotEditTitles: 'Only the course materials team, store-wide, can change a title.',
  noSectionsForAutoAdoption:
    'An auto adoption covers every section of the course: do not list sections.',
  notASection: (ids: readonly number[]) =>
    `Section ${ids.join(', ')} is not a section of this course that has not ended.`,
  mayNotAutoAdopt:
    'Only the course materials team and course submitters can adopt for every section of a course.',
  mayNotPrintOnly: "Print only is chosen by the store's course materials team for this store.",
  iaPublisherNeeded: 'Enter the inclusive access publisher.',
  iaPublisherWithoutIa: 'An inclusive access publisher goes with inclusive access only.',
  startTooEarly: (earliest: string) => `must be on or after ${earliest}`,
  endBeforeStart: 'must be on or after the start date',
  adoptionEnded: 'This adoption has been removed, so it cannot be changed.',
  notProposedTitle: 'That adoption is not of a proposed title.',
  alreadyLinked: 'That adoption is already linked to another catalog title.',
  mayNotAssignTitle:
    "Only the store's course materials team can link a proposed title to a catalog title.",
  requestIdUsed: 'This request id was already used for an adoption of another course.',
  mayNotChangeShared:
    'This adoption also covers sections you do not adopt for: ask the course materials team to change it.',
  sectionsOfAutoAdoption: 'An auto adoption covers every section: its sections cannot be chosen.',
} as const;
