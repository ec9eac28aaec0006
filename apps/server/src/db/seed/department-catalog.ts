/** Realistic departments with the topics their course and book names are built from. */
export interface DepartmentDef {
  code: string;
  /** Empty on purpose for one entry: imported data has such rows and lists must drop them. */
  name: string;
  topics: readonly string[];
}

/** One department per line: "CODE|Name|topic; topic; ...". */
function parse(text: string): readonly DepartmentDef[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [code = '', name = '', topics = ''] = line.split('|');
      return { code, name, topics: topics.split(';').map((t) => t.trim()) };
    });
}

export const MAIN_CAMPUS_DEPARTMENTS = parse(`
  ANTH|Anthropology|Cultural Anthropology; Archaeology; Biological Anthropology; Ethnography; Linguistic Anthropology
  ARTH|Art History|Renaissance Art; Modern Art; Art of the Ancient World; Asian Art; Architecture
  ASTR|Astronomy|Astronomy; Astrophysics; The Solar System; Stellar Evolution; Cosmology
  BIOL|Biology|General Biology; Cell Biology; Genetics; Ecology; Microbiology; Evolution; Molecular Biology; Anatomy and Physiology
  BUSN|Business|Management; Marketing; Business Law; Entrepreneurship; Organizational Behavior; Operations Management
  CHEM|Chemistry|General Chemistry; Organic Chemistry; Biochemistry; Physical Chemistry; Analytical Chemistry; Inorganic Chemistry
  CS|Computer Science|Programming; Data Structures; Algorithms; Operating Systems; Databases; Computer Networks; Machine Learning
  ECON|Economics|Microeconomics; Macroeconomics; Econometrics; Public Finance; International Economics; Labor Economics
  EDUC|Education|Educational Psychology; Curriculum Design; Literacy Education; Special Education; Classroom Assessment
  ENGL|English|Composition; American Literature; British Literature; Creative Writing; Shakespeare; Literary Theory
  ENGR|Engineering|Statics; Dynamics; Thermodynamics; Circuit Analysis; Fluid Mechanics; Materials Science
  ENVS|Environmental Science|Environmental Science; Climate Change; Conservation Biology; Sustainability; Hydrology
  FREN|French|Elementary French; Intermediate French; French Conversation; French Literature; Francophone Cultures
  GEOG|Geography|Human Geography; Physical Geography; Cartography; Urban Geography; Geographic Information Systems
  GEOL|Geology|Physical Geology; Mineralogy; Historical Geology; Geochemistry; Structural Geology
  HIST|History|World History; American History; European History; History of Science; Modern China; Latin American History
  JOUR|Journalism|News Writing; Media Ethics; Digital Journalism; Broadcast Journalism; Investigative Reporting
  MATH|Mathematics|Calculus; Linear Algebra; Differential Equations; Discrete Mathematics; Abstract Algebra; Real Analysis
  MUSC|Music|Music Theory; Music History; Ear Training; Jazz Studies; World Music
  NURS|Nursing|Fundamentals of Nursing; Pharmacology; Pathophysiology; Maternal Health Nursing; Community Health
  PHIL|Philosophy|Ethics; Logic; Philosophy of Mind; Political Philosophy; Ancient Philosophy; Existentialism
  PHYS|Physics|General Physics; Mechanics; Electricity and Magnetism; Quantum Mechanics; Optics; Thermal Physics
  POLS|Political Science|American Government; Comparative Politics; International Relations; Political Theory; Public Policy
  PSYC|Psychology|General Psychology; Developmental Psychology; Abnormal Psychology; Social Psychology; Cognitive Psychology; Research Methods
  SOCI|Sociology|Introductory Sociology; Social Problems; Race and Ethnicity; Sociology of the Family; Urban Sociology
  SPAN|Spanish|Elementary Spanish; Intermediate Spanish; Spanish Conversation; Hispanic Literature; Spanish Phonetics
  STAT|Statistics|Statistics; Probability; Regression Analysis; Statistical Computing; Bayesian Statistics
  THEA|Theatre|Acting; Stagecraft; Theatre History; Directing; Playwriting
`);

export const LAW_SCHOOL_DEPARTMENTS = parse(`
  CONL|Constitutional Law|Constitutional Law; Civil Rights; First Amendment Law; Federal Courts
  CRIM|Criminal Law|Criminal Law; Criminal Procedure; Evidence; White Collar Crime
  LWRT|Legal Writing|Legal Research and Writing; Appellate Advocacy; Legal Drafting; Legal Analysis
  BLAW|Business Law|Contracts; Corporations; Securities Regulation; Commercial Law; Taxation
  INTL|International Law|Public International Law; Human Rights Law; International Trade Law; Immigration Law
  PROP|Property Law|Property; Real Estate Transactions; Land Use; Trusts and Estates
`);

export const ONLINE_DEPARTMENTS = parse(`
  BUSA|Business Administration|Project Management; Accounting; Business Communication; Supply Chain Management
  ITEC|Information Technology|Networking; Cybersecurity; Cloud Computing; Web Development; IT Project Management
  HLTH|Health Administration|Health Care Systems; Health Informatics; Health Policy; Medical Terminology
  TEAC|Teacher Education|Online Teaching; Instructional Technology; Adult Learning; Classroom Management
  PRST|Professional Studies|Leadership; Professional Writing; Negotiation; Organizational Change
  DATA|Data Analytics|Data Analytics; Data Visualization; SQL for Analysts; Predictive Modeling
  GENL||General Studies; Study Skills; Career Planning
`);

/** Every definition, for stores that want many departments (the large benchmark store). */
export const ALL_DEPARTMENTS = [
  ...MAIN_CAMPUS_DEPARTMENTS,
  ...LAW_SCHOOL_DEPARTMENTS,
  ...ONLINE_DEPARTMENTS.filter((d) => d.name !== ''),
];
