/**
 * Word lists the generators combine into people, places and book titles. Kept as '|'-separated
 * text so the lists stay compact (prettier would put every array item on its own line).
 */
function list(text: string): readonly string[] {
  return text
    .split('|')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export const FIRST_NAMES = list(`
  Aaliyah|Aaron|Abigail|Adrian|Aiden|Aisha|Alejandro|Alexis|Amara|Amelia|Andre|Angela|Anika|Arjun|
  Ava|Benjamin|Bianca|Brandon|Brianna|Caleb|Camila|Carlos|Caroline|Chen|Chloe|Christopher|Daniel|
  Daniela|David|Deja|Diego|Dmitri|Elena|Elijah|Elise|Emily|Emma|Ethan|Fatima|Felix|Gabriel|Grace|
  Hana|Hannah|Hassan|Henry|Imani|Isaac|Isabella|Jacob|Jada|James|Jasmine|Javier|Jayden|Jin|Jordan|
  Joseph|Julia|Kai|Kaitlyn|Keisha|Kenji|Kevin|Khalid|Laila|Layla|Leah|Liam|Lucas|Lucia|Madison|
  Malik|Maria|Mateo|Maya|Mei|Michael|Mina|Mohammed|Naomi|Natalia|Nathan|Nia|Noah|Olivia|Omar|Oscar|
  Priya|Rafael|Rahul|Rebecca|Ryan|Samantha|Samuel|Santiago|Sara|Sebastian|Sofia|Sophie|Tariq|Tessa|
  Thomas|Tyler|Valentina|Victor|Wei|William|Xavier|Yara|Yusuf|Zachary|Zara|Zoe`);

export const LAST_NAMES = list(`
  Abbott|Adeyemi|Alvarez|Anderson|Bailey|Banerjee|Barnes|Bell|Bennett|Brooks|Brown|Campbell|Carter|
  Castillo|Chang|Chen|Clark|Collins|Cooper|Cruz|Das|Davis|Diaz|Dubois|Edwards|Evans|Fischer|Flores|
  Foster|Garcia|Gomez|Gonzalez|Gray|Green|Gupta|Hall|Harris|Hayes|Hernandez|Hill|Hoang|Hughes|
  Ibrahim|Ito|Jackson|James|Jenkins|Johnson|Jones|Kaur|Kelly|Khan|Kim|King|Kowalski|Kumar|Lee|Lewis|
  Lopez|Martin|Martinez|Mendoza|Miller|Mitchell|Moore|Morales|Morgan|Murphy|Nakamura|Nguyen|Novak|
  Obi|Okafor|O'Brien|Ortiz|Owens|Park|Patel|Perez|Peterson|Phillips|Price|Ramirez|Reed|Reyes|
  Richardson|Rivera|Roberts|Robinson|Rodriguez|Rossi|Russell|Sanchez|Sanders|Schmidt|Scott|Shah|
  Silva|Singh|Smith|Sullivan|Tanaka|Taylor|Thomas|Thompson|Torres|Tran|Turner|Walker|Wang|Ward|
  Washington|Watson|White|Williams|Wilson|Wong|Wright|Yamamoto|Young|Zhang|Zimmerman`);

export const STREET_NAMES = list(`
  Maple|Oak|Cedar|Elm|Pine|Washington|Lincoln|College|University|Park|Lake|Hill|River|Spring|
  Highland|Sunset|Church|Main|Chestnut|Walnut|Willow|Franklin|Jefferson|Madison|Campus|Meadow|
  Forest|Ridge|Valley|Orchard`);

export const STREET_SUFFIXES = list('St|Ave|Blvd|Rd|Ln|Dr|Ct|Way|Pl');

/** "City, ST, first three ZIP digits". */
export const CITIES = list(`
  Springfield,IL,627|Madison,WI,537|Columbus,OH,432|Austin,TX,787|Boulder,CO,803|
  Ann Arbor,MI,481|Athens,GA,306|Berkeley,CA,947|Chapel Hill,NC,275|Eugene,OR,974|
  Gainesville,FL,326|Iowa City,IA,522|Ithaca,NY,148|Lawrence,KS,660|Lincoln,NE,685|
  Minneapolis,MN,554|Pittsburgh,PA,152|Providence,RI,029|Raleigh,NC,276|Salt Lake City,UT,841|
  Seattle,WA,981|Tucson,AZ,857|Burlington,VT,054|Charlottesville,VA,229`).map((entry) => {
  const [city = '', state = '', zip3 = ''] = entry.split(',');
  return { city, state, zip3 };
});

export const SHIPPING_PREFERENCES = list(
  'Pick up in store|Ship to home address|Ship to campus mailbox',
);

export const DELIVERY_NOTES = list(`
  Leave at the front desk of the residence hall.|Please call on arrival; the buzzer is broken.|
  Deliver to the side entrance.|Leave with the building manager.|Do not leave packages outside.|
  Apartment is at the back of the building.`);

export const PUBLISHERS = list(`
  Pearson|McGraw Hill|Cengage|Wiley|Macmillan Learning|Oxford University Press|
  Cambridge University Press|W. W. Norton|SAGE Publications|Elsevier|Routledge|Springer|
  Jones & Bartlett Learning|Bedford/St. Martin's|Princeton University Press|MIT Press|
  West Academic|Wolters Kluwer|LexisNexis|Foundation Press`);

/** Title patterns; `{t}` is replaced by a subject topic. */
export const TITLE_PATTERNS = list(`
  Principles of {t}|Introduction to {t}|{t}: Concepts and Applications|Essentials of {t}|
  Foundations of {t}|{t} in Practice|Understanding {t}|Fundamentals of {t}|{t}: A Modern Approach|
  Case Studies in {t}|{t} Today|Readings in {t}|Handbook of {t}|Exploring {t}|
  {t}: Theory and Practice|A Short Course in {t}|Perspectives on {t}|{t}: An Integrated Approach|
  Contemporary {t}|The Practice of {t}`);

/** Course name patterns by level; `{t}` is a topic. */
export const COURSE_PATTERNS = {
  intro: list('Introduction to {t}|{t} I|Foundations of {t}|Principles of {t}|Survey of {t}'),
  middle: list('{t}|{t} II|Topics in {t}|Applied {t}|{t} Laboratory|Methods in {t}'),
  advanced: list('Advanced {t}|Seminar in {t}|Research in {t}|Special Topics: {t}|Capstone: {t}'),
} as const;

export const EDITIONS = list('1st|2nd|3rd|4th|5th|6th|7th|8th|9th|10th|11th|12th');

export const PROPOSED_NOTES = list(`
  Instructor will post a PDF if the course pack is late.|
  Please order the loose-leaf version if available.|
  Students may use any edition from the last five years.|
  Publisher contact promised a desk copy.`);
