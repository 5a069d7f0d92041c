/// The aisle an ingredient is found in, from its name: the longest phrase of the table found in it
/// as whole words wins (`coconut milk` over `milk`, `chilli powder` over `chilli`), and of two as
/// long the later (`chicken stock` is stock, `garlic salt` is salt). A name saying `frozen`, `tinned`
/// or `canned` is found there whatever it is. Anything else is `other`.
///
/// The table covers the vocabulary of TheMealDB and of the bundled catalog. Where shops differ, it
/// follows a typical UK supermarket: ready-made pastry is frozen, peas and edamame are frozen,
/// sweetcorn and tuna are tinned, tofu and fresh pasta's neighbours are with the dairy, oils are
/// pantry and vinegars are condiments.
package enum IngredientAisle {
    package static func aisle(for name: String) -> Aisle {
        known.value(for: name, make: aisle(finding:))
    }

    /// Every list, order and pick list asks again for the same few thousand names; splitting a name into its words
    /// was most of what building a list cost.
    private static let known = BoundedMemo<String, Aisle>(capacity: 8_192)

    private static func aisle(finding name: String) -> Aisle {
        let words = Set(PhraseTable<Aisle>.words(name))
        if let aisle = packaging.first(where: { words.contains($0.word) })?.aisle { return aisle }
        return table.value(within: name) ?? .other
    }

    /// Words that say where a thing is kept rather than what it is.
    private static let packaging: [(word: String, aisle: Aisle)] = [
        ("frozen", .frozen), ("tinned", .pantry), ("canned", .pantry), ("jarred", .pantry),
    ]

    private static let table = PhraseTable(phrases.flatMap { aisle, phrases in phrases.map { ($0, aisle) } })

    /// Each phrase in one aisle only; a test checks.
    package static let phrases: [Aisle: [String]] = [
        .produce: [
            "onion", "scallion", "shallot", "challot", "garlic", "garlic clove", "ginger", "galangal",
            "lemongrass", "leek", "carrot", "celery", "celeriac", "potato", "tomato", "lettuce", "little gem",
            "iceberg", "romaine", "rocket", "arugula", "watercress", "cress", "spinach", "kale", "chard",
            "cabbage", "spring green", "pak choi", "bok choy", "broccoli", "cauliflower", "sprout",
            "beansprout", "courgette", "zucchini", "aubergine", "eggplant", "egg plant", "marrow", "cucumber",
            "avocado", "red pepper", "green pepper", "yellow pepper", "orange pepper", "bell pepper",
            "sweet pepper", "romano pepper", "mixed pepper", "chilli pepper", "chili pepper", "jalapeno pepper",
            "chilli", "chili", "jalapeno", "scotch bonnet", "mushroom", "beetroot", "beet", "radish", "turnip",
            "parsnip", "swede", "squash", "pumpkin", "yam", "corn on the cob", "corn cob", "baby corn",
            "green bean", "runner bean", "french bean", "fine bean", "broad bean", "mangetout", "snow pea",
            "sugar snap pea", "sugar snap", "asparagus", "artichoke", "fennel", "okra", "salad", "vegetable",
            "lemon", "lemon juice", "lime", "lime juice", "orange", "clementine", "satsuma", "grapefruit",
            "apple", "banana", "pear", "mango", "pineapple", "strawberry", "raspberry", "blueberry",
            "blackberry", "berry", "cranberry", "gooseberry", "redcurrant", "grape", "peach", "nectarine",
            "plum", "apricot", "cherry", "melon", "watermelon", "kiwi", "pomegranate", "fig", "rhubarb",
            "lychee", "papaya", "coconut", "fruit", "basil", "coriander", "cilantro", "parsley", "mint",
            "thyme", "rosemary", "sage", "dill", "chive", "tarragon", "chervil", "lovage", "herb", "lime leaf",
            "curry leaf",
        ],
        .meatFish: [
            "chicken", "poussin", "turkey", "duck", "goose", "beef", "mince", "steak", "sirloin", "ribeye",
            "brisket", "oxtail", "veal", "pork", "sausage", "chorizo", "bacon", "pancetta", "guanciale",
            "lardon", "prosciutto", "ham", "salami", "pepperoni", "black pudding", "lamb", "mutton", "goat",
            "venison", "rabbit", "pheasant", "liver", "kidney", "meat", "meatball", "fish", "salmon", "cod",
            "haddock", "hake", "pollock", "coley", "bass", "bream", "trout", "mackerel", "tuna steak",
            "monkfish", "plaice", "sole", "halibut", "tilapia", "swordfish", "kipper", "herring", "prawn",
            "shrimp", "mussel", "clam", "cockle", "squid", "calamari", "octopus", "scallop", "crab", "lobster",
            "oyster", "seafood",
        ],
        .dairyEggs: [
            "milk", "buttermilk", "butter", "ghee", "margarine", "lard", "cream", "creme fraiche", "yogurt",
            "yoghurt", "kefir", "quark", "skyr", "fromage frais", "custard", "egg", "cheese", "cheddar",
            "parmesan", "parmigiano reggiano", "grana padano", "pecorino", "mozzarella", "burrata", "feta",
            "halloumi", "gruyere", "emmental", "comte", "ricotta", "mascarpone", "paneer", "brie", "camembert",
            "stilton", "gorgonzola", "roquefort", "manchego", "gouda", "edam", "monterey jack", "colby",
            "red leicester", "wensleydale", "tofu",
        ],
        .bakery: [
            "bread", "sourdough", "baguette", "ciabatta", "focaccia", "pitta", "pita", "naan", "tortilla",
            "wrap", "flatbread", "chapati", "roti", "bun", "bap", "brioche", "muffin", "crumpet", "bagel",
            "croissant", "pizza base", "meringue", "pancake", "crepe",
        ],
        .pantry: [
            "flour", "cornflour", "cornstarch", "starch", "polenta", "cornmeal", "semolina", "sugar", "syrup",
            "honey", "treacle", "molasses", "agave", "baking powder", "bicarbonate", "baking soda",
            "cream of tartar", "yeast", "gelatine", "gelatin", "cocoa", "cocoa powder", "cacao", "chocolate",
            "vanilla", "extract", "essence", "food colouring", "sprinkle", "marzipan", "icing",
            "custard powder", "milk powder", "oat", "granola", "muesli", "cereal", "cornflake", "rice", "pasta",
            "spaghetti", "penne", "linguine", "tagliatelle", "fettuccine", "pappardelle", "macaroni", "lasagne",
            "lasagna", "fusilli", "rigatoni", "farfalle", "orzo", "conchiglie", "orecchiette", "bucatini",
            "gnocchi", "noodle", "vermicelli", "udon", "soba", "ramen", "couscous", "khus khus", "bulgur",
            "freekeh", "quinoa", "barley", "lentil", "dal", "dhal", "chickpea", "bean", "black eyed pea",
            "split pea", "mushy pea", "chopped tomato", "diced tomato", "crushed tomato", "passata",
            "tomato puree", "tomato paste", "sun dried tomato", "sundried tomato", "coconut milk",
            "coconut cream", "desiccated coconut", "coconut flake", "condensed milk", "evaporated milk",
            "stock", "bouillon", "gravy", "nut", "almond", "walnut", "pecan", "cashew", "peanut", "hazelnut",
            "pistachio", "macadamia", "chestnut", "sesame seed", "chia seed", "sunflower seed", "pumpkin seed",
            "poppy seed", "flaxseed", "linseed", "dried fruit", "raisin", "sultana", "currant", "dried apricot",
            "date", "prune", "dried cranberry", "mixed peel", "candied peel", "glace cherry", "mincemeat",
            "olive", "caper", "gherkin", "pickle", "cornichon", "artichoke heart", "roasted red pepper",
            "stem ginger", "bamboo shoot", "vine leaf", "jam", "marmalade", "lemon curd", "peanut butter",
            "almond butter", "nutella", "tahini", "biscuit", "digestive", "sponge finger", "ladyfinger",
            "amaretti", "cracker", "crisp", "pretzel", "marshmallow", "breadcrumb", "panko", "crouton",
            "taco shell", "tortilla chip", "nori", "seaweed", "wonton wrapper", "spring roll wrapper", "oil",
            "goose fat", "duck fat", "dripping", "suet", "wine", "sherry", "marsala", "port", "brandy",
            "cognac", "rum", "vodka", "whisky", "whiskey", "bourbon", "gin", "beer", "ale", "stout", "lager",
            "cider", "sake", "amaretto", "kirsch", "liqueur", "coffee", "espresso", "tea", "water", "juice",
            "tuna", "sardine", "anchovy", "corned beef", "sweetcorn", "corn", "porcini", "dried mushroom",
            "tamarind", "popcorn", "cordial", "pudding", "wheat",
        ],
        .spices: [
            "salt", "pepper", "peppercorn", "cayenne", "paprika", "cumin", "coriander seed", "ground coriander",
            "turmeric", "cinnamon", "nutmeg", "mace", "clove", "allspice", "spice", "cardamom", "star anise",
            "fennel seed", "caraway", "nigella seed", "celery seed", "fenugreek", "asafoetida", "saffron",
            "sumac", "zaatar", "ras el hanout", "masala", "ground ginger", "chilli flake", "chili flake",
            "red pepper flake", "crushed red pepper", "dried chilli", "chipotle", "bay leaf", "oregano",
            "marjoram", "dried thyme", "dried basil", "dried parsley", "dried mint", "dried rosemary",
            "dried sage", "dried herb", "mixed herb", "herbes de provence", "seasoning", "cajun", "jerk",
            "powder", "mustard", "horseradish", "wasabi", "pickled ginger", "sauce", "tamari", "hoisin",
            "sriracha", "hotsauce", "tabasco", "ketchup", "mayonnaise", "mayo", "salad cream", "salsa",
            "relish", "chutney", "pesto", "harissa", "gochujang", "miso", "mirin", "vinegar", "balsamic",
            "dressing", "vinaigrette", "paste", "liquid smoke", "msg",
        ],
        .frozen: [
            "ice cream", "ice", "sorbet", "pastry", "phyllo", "pea", "petit pois", "edamame", "fry",
            "hash brown",
        ],
    ]
}
