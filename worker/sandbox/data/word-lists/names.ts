/**
 * Given names and family names by cultural group, one line per group:
 * group | language code, or "*" for "the country's main language" | countries with weights |
 * female given names | male given names | family names.
 *
 * A creator's given name picks its group, and the group picks the creator's country, so that a
 * "João" lives mostly in Brazil and speaks Portuguese. Given names are unique across the whole file
 * once folded to ASCII (handles are built from them); the loader skips any repeat.
 */
const LINES = `
english|en|US:55,GB:16,CA:8,AU:8,IE:3,NZ:3,SG:2,ZA:2,PH:3|Emma Olivia Ava Sophia Amelia Harper Evelyn Abigail Emily Ella Grace Chloe Lily Zoe Hannah Madison Scarlett Ruby Isabella Charlotte Mila Aria Layla Nora Riley Penelope Victoria Stella Hazel Aurora Violet Savannah Audrey Brooklyn Claire Skylar Lucy Paisley Anna Caroline Genesis Kennedy Naomi Sadie Alice Quinn Kinsley Eleanor Autumn Piper Jasmine Faith Morgan Paige Rachel Megan Lauren Ashley Jessica Amber Holly Sienna Poppy Freya Imogen Isla|Liam Noah Oliver Elijah James William Benjamin Lucas Henry Jack Ethan Mason Logan Ryan Tyler Jake Owen Caleb Jackson Aiden Carter Wyatt Jayden Luke Gabriel Isaac Anthony Dylan Leo Lincoln Jaxon Asher Christopher Josiah Andrew Thomas Joshua Ezra Hudson Charles Christian Hunter Connor Eli Aaron Landon Adrian Jonathan Nolan Jeremiah Easton Cameron Austin Jordan Nathan Brandon Kevin Justin Kyle Harry George Alfie Archie Freddie|Smith Johnson Williams Brown Jones Miller Davis Wilson Taylor Clark Walker Hall Young Allen Wright Scott Baker Carter Anderson Thompson White Harris Martin Robinson Lewis King Green Adams Nelson Hill Campbell Mitchell Roberts Turner Phillips Evans Parker Collins Edwards Stewart Morris Murphy Cook Rogers Morgan Cooper Peterson Reed Bailey Bell Kelly Howard Ward Cox Richardson Wood Watson Brooks Bennett Gray Hughes Price Sanders Myers Long Ross Foster
african|en|NG:45,ZA:25,KE:15,GH:15|Chiamaka Adaeze Amara Ngozi Wanjiru Thandiwe Abena Zanele|Chinedu Emeka Kwame Kofi Tunde Sipho Otieno Femi|Okafor Adeyemi Mensah Otieno Ndlovu Okonkwo Boateng Dlamini
spanish|es|ES:26,MX:30,AR:14,CO:14,CL:6,PE:6,VE:4|Sofía Valentina Camila Lucía Martina Daniela Valeria Paula Carmen Elena Ximena Renata Ana Lola Alba Noa Regina Jimena Abril Julieta Catalina Emilia Antonella Florencia Agustina Pilar Rocío Nerea Aitana|Mateo Santiago Diego Alejandro Javier Carlos Pablo Miguel Andrés Sergio Emiliano Joaquín Daniel Alejo Álvaro Adrián Manuel Nicolás Tomás Sebastián Martín Benjamín Maximiliano Ignacio Gonzalo Rodrigo Iker Marcos Rubén Íñigo|García Rodríguez Martínez López González Pérez Sánchez Ramírez Torres Flores Castillo Morales Ruiz Díaz Hernández Jiménez Moreno Muñoz Álvarez Romero Navarro Gutiérrez Vargas Rojas
portuguese|pt|BR:88,PT:12|Beatriz Larissa Juliana Fernanda Gabriela Letícia Mariana Rafaela Bruna Isadora Yasmin Thaís Giovanna Manuela Alícia Heloísa Lorena Cecília Lívia Melissa Clara Nicole Vitória Carolina Amanda Bianca Jéssica|João Pedro Gustavo Rafael Thiago Felipe Bruno Caio Vinícius Matheus Enzo Davi Heitor Bernardo Samuel Benício Guilherme Gael Eduardo Henrique Otávio Murilo Vicente Leandro|Silva Santos Oliveira Souza Pereira Costa Ferreira Almeida Carvalho Ribeiro Gomes Rocha Martins Araújo Barbosa Cardoso Lima Nascimento Teixeira Moreira Correia Dias
french|fr|FR:80,BE:8,CH:6,CA:6|Léa Manon Camille Inès Jade Louise Clémence Margaux Océane Élodie Juliette Anaïs|Louis Hugo Arthur Jules Théo Antoine Baptiste Maxime Quentin Étienne Mathis Raphaël|Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Laurent Girard
german|de|DE:80,AT:10,CH:10|Lena Hanna Leonie Johanna Greta Frieda Katharina Annika Jana Marlene Paulina Emilia|Lukas Finn Jonas Felix Maximilian Niklas Moritz Tobias Florian Sebastian Julian Paul|Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter
italian|it|IT:100|Giulia Chiara Francesca Alessia Federica Aurora Sara Ginevra Beatrice Martina Noemi Elisa|Alessandro Lorenzo Francesco Riccardo Davide Tommaso Gabriele Edoardo Leonardo Matteo Simone Marco|Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Conti Gallo
russian|*|RU:72,UA:20,KZ:8|Anastasia Daria Polina Ksenia Ekaterina Alina Yulia Svetlana Olga Tatiana Veronika Milana|Ivan Dmitri Alexei Sergei Nikolai Artem Maxim Mikhail Andrei Vladimir Kirill Yegor|Ivanov Smirnov Kuznetsov Popov Volkov Sokolov Lebedev Kozlov Novikov Morozov Pavlov Orlov
turkish|tr|TR:100|Elif Zeynep Ayşe Merve Defne Ecem Buse İrem Esra Selin|Mehmet Mustafa Emre Burak Can Kerem Yusuf Ömer Barış Ozan|Yılmaz Kaya Demir Şahin Çelik Yıldız Öztürk Aydın Arslan Doğan
arabic|*|SA:25,AE:15,EG:40,MA:20|Fatima Aisha Layla Noor Mariam Huda Salma Rania Dina Lina|Omar Ahmed Youssef Khalid Hassan Karim Tariq Ziad Fares Nabil|Haddad Nasser Mansour Khalil Farouk Saleh Aziz Hamdan Rahman Qasim
hebrew|he|IL:100|Noa Tamar Shira Yael Maya|Itai Yonatan Ariel Omer Eitan|Cohen Levi Mizrahi Peretz Biton
indian|*|IN:85,PK:10,BD:5|Priya Ananya Aditi Kavya Diya Pooja Sneha Isha Riya Neha Meera Tara Anika Saanvi Myra Ira Aarohi Kiara Avni Shreya Nandini Lakshmi Divya Swati Jyoti Rekha|Arjun Rohan Aarav Vihaan Karan Rahul Vikram Aditya Siddharth Nikhil Ishaan Dev Arnav Reyansh Ayaan Krishna Kabir Shaurya Atharv Yash Varun Sanjay Rajesh Amit Suresh Harsh|Sharma Patel Singh Kumar Gupta Verma Reddy Iyer Mehta Joshi Nair Khan Rao Desai Chopra Malhotra Kapoor Banerjee Chatterjee Pillai Menon Agarwal
malay|*|ID:65,MY:20,PH:15|Putri Ayu Dewi Sari Intan Wulan Rina Fitri Indah Siti|Budi Agus Rizky Dimas Bayu Fajar Arif Hendra Ilham Wahyu|Santoso Wijaya Hidayat Saputra Pratama Kusuma Nugroho Setiawan Halim Gunawan
japanese|ja|JP:100|Yuki Sakura Hana Aoi Yui Rin Mei Haruka Miyu Nanami|Haruto Sota Yuto Riku Kaito Ren Takumi Daiki Kenta Shota|Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato
korean|ko|KR:100|Jiwoo Seoyeon Minji Hayoon Jisoo Yuna Soyeon Eunji Dahye Chaeyoung|Minjun Seojun Doyun Jihoon Hyunwoo Junho Taeyang Jaehyun Sungmin Donghyun|Kim Lee Park Choi Jung Kang Cho Yoon Jang Lim
chinese|zh|CN:50,TW:25,HK:15,SG:10|Xinyi Yutong Zihan Ruoxi Jiayi Xiaoling Wenjing Yiting Shuhui Lanfen|Wei Jun Hao Yichen Zihao Haoran Junjie Mingyu Tianyu Zhiwei|Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou
dutch-nordic|*|NL:40,BE:10,SE:20,NO:10,DK:10,FI:10|Sanne Fleur Lotte Anouk Femke Astrid Ingrid Freya Sigrid Maja|Daan Sem Bram Lars Erik Anders Magnus Oskar Sven Bjorn|Jansen Visser Bakker Hansen Johansen Nielsen Larsen Andersson Lindqvist Virtanen
central-europe|*|PL:45,CZ:15,RO:15,HU:12,GR:13|Zuzanna Agnieszka Katarzyna Magdalena Ioana Andreea Eszter Réka Zofia Eleni|Jakub Kacper Mateusz Piotr Tomasz Bogdan Dimitris Marek Ondřej Bence|Nowak Kowalski Wiśniewski Dvořák Novák Popescu Ionescu Nagy Papadopoulos Kovács
southeast-asia|*|TH:50,VN:50|Linh Thao Trang Ngoc Ploy Nicha Pim Kanya Malee Huong|Minh Tuan Duc Quang Khoa Somchai Arthit Niran Kittisak Chai|Nguyen Tran Pham Hoang Bui Wongsakul Srisuk Chaiyaporn Phan Vo
`;

interface NameGroupSeed {
  readonly group: string;
  /** Language of the group, or null when it is the country's main language. */
  readonly language: string | null;
  readonly countries: readonly { readonly code: string; readonly weight: number }[];
  readonly femaleNames: readonly string[];
  readonly maleNames: readonly string[];
  readonly familyNames: readonly string[];
}

export const NAME_GROUP_SEEDS: readonly NameGroupSeed[] = LINES.trim()
  .split('\n')
  .map((line) => {
    const [group, language, countries, female, male, family] = line.split('|');
    return {
      group,
      language: language === '*' ? null : language,
      countries: countries.split(',').map((entry) => {
        const [code, weight] = entry.split(':');
        return { code, weight: Number(weight) };
      }),
      femaleNames: female.split(' '),
      maleNames: male.split(' '),
      familyNames: family.split(' '),
    };
  });

/**
 * Second parts of handles ("anna.daily", "travels_noah"): generic words that are neither given
 * names nor brand words, so that every handle the world can build is unique.
 */
export const HANDLE_WORDS: readonly string[] = (
  'daily life official world studio vibes tv creates journal diaries stories media times club lab hq ' +
  'style moments notes travels eats fit glow plays makes films snaps talks adventures kitchen home ' +
  'corner space zone nation squad crew channel online live now today way path dreams looks wild ' +
  'north sunny urban green blue golden happy real simply just art cooks lifts reads rides runs ' +
  'shoots sings writes explores bakes dances draws games builds codes grows thrives wanders ' +
  'everyday weekly diary loves'
).split(' ');
