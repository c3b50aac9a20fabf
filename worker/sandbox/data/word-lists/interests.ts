/**
 * The interest categories of the generated world, one line each, so the list stays small enough to
 * read: name | account category | female share of a typical audience | popularity weight |
 * caption vocabulary | hashtags | brand nouns.
 *
 * The vocabulary drives captions, bios and titles, so that text search over the world is meaningful
 * (a fitness creator writes about workouts, protein and the gym). Ids are the 1-based line numbers:
 * never reorder or remove a line, only append, or every seed changes meaning.
 */
const LINES = `
Fitness|Fitness Trainer|0.45|8|workout gym protein squat deadlift cardio hiit reps gains mobility trainer sweat|fitness gym workout fitfam gains fitnessmotivation|Athletics,Fitness,Performance
Bodybuilding|Athlete|0.25|2|bodybuilding bulking cutting physique posing macros supplements creatine hypertrophy biceps stage competition|bodybuilding physique bulking flex musclebuilding|Supplements,Muscle
Yoga & Pilates|Yoga Instructor|0.85|3|yoga pilates flow asana breathwork stretch balance core meditation mat flexibility reformer|yoga pilates yogainspiration namaste yogaeveryday|Yoga,Movement
Running|Athlete|0.5|2|running marathon pace tempo intervals trail sneakers splits miles halfmarathon endurance race|running marathon runnersofinstagram run trailrunning|Running,Stride
Cycling|Athlete|0.3|1|cycling bike ride climbs peloton gravel watts cadence saddle route descent velo|cycling bike roadcycling gravelbike cyclinglife|Cycles
Football|Athlete|0.25|4|football soccer goal match striker league derby training boots stadium tactics matchday|football soccer futbol goals matchday|Sports,Kits
Basketball|Athlete|0.25|2|basketball hoops dunk court playoffs crossover jumpshot rebound league buzzer layup defense|basketball hoops ballislife dunk basketballneverstops|Hoops
Tennis|Athlete|0.45|1|tennis serve racket court forehand backhand volley match tournament clay grass rally|tennis tennislife tennisplayer tenniscourt grandslam|Tennis
Golf|Athlete|0.2|1|golf swing putt course fairway driver birdie handicap caddie tee iron bunker|golf golflife golfswing golfer golfcourse|Golf
Surfing|Athlete|0.35|1|surf waves board swell barrel reef wetsuit beach lineup paddle tide longboard|surfing surf waves surfer surflife|Surf
Hiking & Outdoors|Outdoor Guide|0.45|2|hiking trail summit camping backpack mountains forest tent wilderness trek sunrise gear|hiking outdoors camping mountains adventure|Outdoor,Gear
Travel|Travel Blogger|0.6|7|travel trip passport flights hotel itinerary beach island roadtrip backpacking destination wanderlust|travel wanderlust travelgram instatravel travelblogger|Travel,Luggage,Voyages
Food & Cooking|Chef|0.6|6|recipe cooking dinner pasta sauce kitchen homemade flavor spices chef oven garlic|food foodie recipe homecooking foodstagram|Kitchen,Foods,Pantry
Baking & Desserts|Pastry Chef|0.8|2|baking cake cookies dough pastry sourdough chocolate frosting bread cupcakes croissant vanilla|baking cake dessert sourdough pastry|Bakery,Sweets
Vegan & Plant-based|Chef|0.75|2|vegan plantbased tofu lentils chickpeas salad smoothie greens oatmilk tempeh bowl avocado|vegan plantbased veganfood veganrecipes healthyfood|Plant Foods
Coffee & Tea|Barista|0.55|1|coffee espresso latte barista beans roast matcha brew pourover cappuccino tea cafe|coffee latteart espresso coffeetime matcha|Coffee,Roasters
Wine & Spirits|Sommelier|0.4|1|wine vineyard tasting cocktail whisky gin bartender vintage sommelier grapes bottle mixology|wine cocktails winelover mixology whisky|Cellars,Spirits
Restaurants & Dining|Food Critic|0.55|3|restaurant brunch menu dish reservation dining steak sushi ramen review tasting dessert|foodie restaurant brunch foodreview eatlocal|Eatery,Dining
Fashion|Fashion Model|0.8|9|outfit style fashion denim dress blazer runway streetwear lookbook trend wardrobe tailoring|fashion ootd style streetstyle outfitoftheday|Apparel,Fashion,Clothing,Atelier
Sneakers & Streetwear|Stylist|0.25|2|sneakers kicks drop hype resale hoodie collab retro colorway unboxing limited laces|sneakers kicks sneakerhead streetwear hypebeast|Footwear,Supply
Beauty & Makeup|Makeup Artist|0.92|8|makeup foundation lipstick eyeshadow contour blush mascara palette tutorial glam brows highlighter|makeup beauty mua makeuptutorial glam|Beauty,Cosmetics,Colour
Skincare|Beauty Expert|0.88|4|skincare serum moisturizer sunscreen retinol cleanser routine hydration glow acne niacinamide toner|skincare skincareroutine glowingskin selfcare skincaretips|Skin,Derma
Hair|Hair Stylist|0.85|2|hair haircut balayage curls blowout braids keratin salon styling hairstyle extensions shampoo|hair hairstyle balayage curlyhair hairgoals|Hair Care
Nails|Nail Artist|0.95|1|nails manicure gel acrylic polish nailart chrome pedicure design cuticle glitter almond|nails nailart manicure gelnails naildesign|Nails
Jewellery & Watches|Designer|0.6|2|jewelry watch necklace rings diamond gold silver bracelet earrings chronograph craftsmanship pendant|jewelry watches rings watchesofinstagram finejewelry|Jewels,Watches
Luxury|Public Figure|0.5|2|luxury yacht villa supercar designer firstclass resort champagne penthouse couture privatejet exclusive|luxury luxurylifestyle richlife supercars villa|Luxe,Maison
Photography|Photographer|0.4|5|photography camera lens portrait landscape lightroom aperture sunset shot editing composition film|photography photooftheday photographer landscapephotography portraitphotography|Optics,Cameras
Art & Illustration|Artist|0.6|3|art painting illustration sketch canvas watercolor acrylic gallery portrait ink drawing studio|art artist illustration painting drawing|Art Supply
Design|Designer|0.5|2|design typography branding logo layout minimal poster ux interface palette grid mockup|design graphicdesign branding typography designinspiration|Design Studio
Architecture & Interiors|Interior Designer|0.65|2|interior architecture livingroom decor sofa lighting renovation kitchen marble furniture styling facade|interiordesign architecture homedecor interiors decorinspo|Interiors,Furniture
Home & Garden|Home Blogger|0.75|3|garden plants houseplants cozy organizing cleaning flowers seedlings backyard compost diy pots|homedecor garden plantsofinstagram cozyhome gardening|Home,Garden
DIY & Crafts|Maker|0.7|1|diy crafts sewing knitting woodworking handmade crochet upcycle pattern yarn tools project|diy crafts handmade knitting woodworking|Crafts
Music|Musician|0.5|6|music song album studio guitar concert tour lyrics singer beats vocals release|music newmusic singer musician livemusic|Music,Audio
DJ & Electronic|DJ|0.35|1|dj techno house set festival mix decks remix rave club bpm synth|dj techno housemusic edm festival|Sound
Dance|Dancer|0.75|3|dance choreography routine hiphop ballet salsa moves rehearsal stage freestyle kpop tutorial|dance dancer choreography dancing dancevideo|Dancewear
Comedy|Comedian|0.45|5|comedy sketch jokes prank standup funny parody skit laugh roast improv punchline|comedy funny lol prank standupcomedy|Laughs
Film & TV|Actor|0.55|3|movie film series cinema actor trailer premiere director scene episode screenplay review|movies film cinema tvseries actor|Studios,Pictures
Anime & Comics|Artist|0.35|2|anime manga cosplay comics otaku episode character fanart convention figure series shonen|anime manga cosplay otaku animeart|Comics
Gaming|Gamer|0.2|6|gaming stream console controller fps ranked patch speedrun setup headset gameplay loot|gaming gamer twitch videogames gamingsetup|Gaming,Gear
Esports|Gamer|0.15|1|esports tournament team scrims clutch league valorant lan roster coach bracket finals|esports competitive valorant leagueoflegends proplayer|Esports
Technology|Tech Reviewer|0.25|4|tech smartphone laptop review gadget unboxing battery camera processor software specs charger|tech gadgets technology smartphone unboxing|Electronics,Tech,Devices
Programming|Software Engineer|0.2|1|coding programming javascript python developer software bug deploy api algorithm opensource terminal|coding programming developer javascript python|Code
Cars|Car Enthusiast|0.15|3|car engine horsepower supercar drift detailing turbo track restoration exhaust motorsport garage|cars carsofinstagram supercars carlifestyle motorsport|Motors,Auto
Motorcycles|Rider|0.15|1|motorcycle ride helmet touring superbike moto bikers chrome throttle garage leathers highway|motorcycle bikelife moto motorbike bikersofinstagram|Moto
Pets|Pet Influencer|0.75|3|pets puppy kitten vet training treats adoption grooming paws walk rescue cuddles|pets petsofinstagram cute adoptdontshop animals|Pet Supply
Dogs|Pet Influencer|0.7|3|dog puppy walk fetch leash training treats breed rescue paws park grooming|dogsofinstagram dog puppy doglover dogstagram|Dog Co
Cats|Pet Influencer|0.75|2|cat kitten meow purr whiskers litter scratching napping catnip rescue tabby cozy|catsofinstagram cat kitten catlover meow|Cat Co
Parenting & Family|Parent Blogger|0.85|5|parenting baby toddler family kids pregnancy nursery bedtime school motherhood dad routine|parenting momlife family motherhood babyboy|Kids,Baby
Weddings|Wedding Planner|0.9|1|wedding bride gown venue ceremony bouquet engagement vows reception planner honeymoon florals|wedding bride weddingdress weddinginspiration engaged|Bridal
Education|Educator|0.55|2|learning study teacher students exam lesson tips notes university classroom knowledge tutoring|education studygram learning teacher studytips|Learning
Science|Scientist|0.4|1|science physics chemistry biology space experiment research lab astronomy telescope facts discovery|science space physics astronomy stem|Labs
Books & Writing|Writer|0.8|2|books reading novel bookshelf author poetry library chapter fiction writing bookclub paperback|books bookstagram reading booklover poetry|Books,Press
Personal Finance|Finance Educator|0.35|2|money investing budget savings stocks dividends retirement credit income portfolio index passive|finance investing money personalfinance stocks|Finance,Capital
Crypto & Web3|Investor|0.15|1|crypto bitcoin ethereum blockchain wallet defi tokens trading altcoins nft mining ledger|crypto bitcoin blockchain ethereum web3|Chain
Business & Entrepreneurship|Entrepreneur|0.35|3|business startup founder marketing sales growth productivity leadership ecommerce hustle strategy clients|entrepreneur business startup marketing motivation|Ventures,Works
Real Estate|Real Estate Agent|0.45|1|realestate listing mortgage property investment apartment openhouse realtor condo tour rental closing|realestate realtor property homeforsale househunting|Realty
Health & Medicine|Doctor|0.65|2|health doctor nurse medicine symptoms hospital nutrition sleep immunity checkup advice vitamins|health medicine doctor healthylifestyle healthtips|Health,Care
Mental Health & Wellness|Coach|0.8|2|mindfulness meditation therapy anxiety selfcare journaling healing affirmations calm gratitude boundaries breathing|mentalhealth selfcare mindfulness wellness selflove|Wellness,Mind
Spirituality|Coach|0.75|1|spirituality astrology tarot crystals manifestation zodiac moon energy chakra ritual horoscope intuition|spirituality astrology tarot manifestation zodiac|Mystic
Sustainability|Activist|0.7|1|sustainable ecofriendly zerowaste recycling climate thrift secondhand solar plastic reuse nature ocean|sustainability zerowaste ecofriendly climateaction sustainableliving|Eco
News & Politics|Journalist|0.4|1|news politics election policy debate interview report headlines analysis government journalism breaking|news politics breakingnews journalism worldnews|Media
Lifestyle|Lifestyle Blogger|0.7|6|lifestyle morning vlog weekend aesthetic haul favorites productivity day friends routine candles|lifestyle vlog dayinmylife aesthetic lifestyleblogger|Living,Goods
Memes & Humor|Entertainment|0.45|3|memes relatable viral trending reaction mood template chaos random humor meme caption|memes funnymemes relatable viral dailymemes|Memes
`;

export interface InterestSeed {
  readonly id: number;
  readonly name: string;
  /** AI search `accountCategory` of creators whose main interest this is. */
  readonly category: string;
  /** Share of women in a typical audience of this interest (0..1). */
  readonly femaleShare: number;
  /** Relative number of creators with this interest as their main one. */
  readonly popularity: number;
  readonly vocabulary: readonly string[];
  readonly hashtags: readonly string[];
  readonly brandNouns: readonly string[];
}

export const INTEREST_SEEDS: readonly InterestSeed[] = LINES.trim()
  .split('\n')
  .map((line, position) => {
    const [name, category, female, popularity, vocabulary, hashtags, brandNouns] = line.split('|');
    return {
      id: position + 1,
      name,
      category,
      femaleShare: Number(female),
      popularity: Number(popularity),
      vocabulary: vocabulary.split(' '),
      hashtags: hashtags.split(' '),
      brandNouns: brandNouns.split(','),
    };
  });
