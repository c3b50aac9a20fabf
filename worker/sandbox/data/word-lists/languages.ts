/**
 * Language codes and names (ISO 639 codes as Wikipedia uses them, which is what the service's
 * languages dictionary lists: it starts af, als, am, an, ar, arz, as, ast, av, az). Sorted by code.
 */
const LINES = `
af Afrikaans
als Alemannic
am Amharic
an Aragonese
ar Arabic
arz Egyptian Arabic
as Assamese
ast Asturian
av Avaric
az Azerbaijani
ba Bashkir
be Belarusian
bg Bulgarian
bn Bengali
bo Tibetan
br Breton
bs Bosnian
ca Catalan
ce Chechen
ceb Cebuano
cs Czech
cv Chuvash
cy Welsh
da Danish
de German
el Greek
en English
eo Esperanto
es Spanish
et Estonian
eu Basque
fa Persian
fi Finnish
fr French
fy Western Frisian
ga Irish
gd Scottish Gaelic
gl Galician
gu Gujarati
he Hebrew
hi Hindi
hr Croatian
ht Haitian Creole
hu Hungarian
hy Armenian
id Indonesian
ilo Iloko
is Icelandic
it Italian
ja Japanese
jv Javanese
ka Georgian
kk Kazakh
km Khmer
kn Kannada
ko Korean
ku Kurdish
ky Kyrgyz
la Latin
lb Luxembourgish
lo Lao
lt Lithuanian
lv Latvian
mg Malagasy
mk Macedonian
ml Malayalam
mn Mongolian
mr Marathi
ms Malay
mt Maltese
my Burmese
ne Nepali
nl Dutch
nn Norwegian Nynorsk
no Norwegian
oc Occitan
or Odia
pa Punjabi
pl Polish
ps Pashto
pt Portuguese
qu Quechua
ro Romanian
ru Russian
sa Sanskrit
sd Sindhi
si Sinhala
sk Slovak
sl Slovenian
so Somali
sq Albanian
sr Serbian
su Sundanese
sv Swedish
sw Swahili
ta Tamil
te Telugu
tg Tajik
th Thai
tk Turkmen
tl Tagalog
tr Turkish
tt Tatar
ug Uyghur
uk Ukrainian
ur Urdu
uz Uzbek
vi Vietnamese
yi Yiddish
yo Yoruba
zh Chinese
`;

interface LanguageSeed {
  readonly code: string;
  readonly name: string;
}

export const LANGUAGE_SEEDS: readonly LanguageSeed[] = LINES.trim()
  .split('\n')
  .map((line) => {
    const space = line.indexOf(' ');
    return { code: line.slice(0, space), name: line.slice(space + 1) };
  });
