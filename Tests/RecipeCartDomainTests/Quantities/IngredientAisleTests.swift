import Foundation
import RecipeCartDomain
import Testing

@Suite struct IngredientAisleTests {
    @Test func theLongestPhraseWins() {
        let expected: [(String, Aisle)] = [
            ("chicken breast", .meatFish), ("cherry tomatoes", .produce), ("tomato", .produce),
            ("tomato puree", .pantry), ("Tomato Purée", .pantry), ("tomato paste", .pantry),
            ("chopped tomatoes", .pantry),
            ("coconut milk", .pantry), ("milk", .dairyEggs), ("frozen peas", .frozen), ("chicken stock", .pantry),
            ("ground cinnamon", .spices), ("soy sauce", .spices), ("bread", .bakery), ("pitta", .bakery),
            ("flour tortillas", .bakery), ("tortilla chips", .pantry), ("red pepper", .produce),
            ("black pepper", .spices),
            ("red pepper flakes", .spices), ("roasted red peppers", .pantry), ("chilli", .produce),
            ("chilli powder", .spices),
            ("white wine", .pantry), ("white wine vinegar", .spices), ("peanut butter", .pantry),
            ("butter", .dairyEggs),
            ("butter beans", .pantry), ("green beans", .produce), ("garlic", .produce), ("garlic cloves", .produce),
            ("cloves", .spices), ("garlic salt", .spices), ("ginger", .produce), ("ground ginger", .spices),
            ("coriander", .produce), ("coriander seeds", .spices), ("ice cream", .frozen), ("cream cheese", .dairyEggs),
            ("sugar snap peas", .produce), ("lemon juice", .produce), ("orange juice", .pantry),
            ("cocoa powder", .pantry),
            ("garlic powder", .spices), ("egg noodles", .pantry), ("eggs", .dairyEggs),
        ]
        for (name, aisle) in expected {
            #expect(IngredientAisle.aisle(for: name) == aisle, "\(name)")
        }
    }

    @Test func packagingWordsSayWhereToLook() {
        #expect(IngredientAisle.aisle(for: "frozen spinach") == .frozen)
        #expect(IngredientAisle.aisle(for: "Frozen Mixed Berries") == .frozen)
        #expect(IngredientAisle.aisle(for: "tinned tomatoes") == .pantry)
        #expect(IngredientAisle.aisle(for: "canned salmon") == .pantry)
        #expect(IngredientAisle.aisle(for: "jarred red peppers") == .pantry)
    }

    @Test func namesAreComparedFoldedAndSingular() {
        for name in ["Self-Raising Flour", "self raising flour", "SELF-RAISING FLOURS"] {
            #expect(IngredientAisle.aisle(for: name) == .pantry, "\(name)")
        }
        #expect(IngredientAisle.aisle(for: "goat's cheese") == .dairyEggs)
        #expect(IngredientAisle.aisle(for: "Crème fraîche") == .dairyEggs)
        #expect(IngredientAisle.aisle(for: "sun-dried tomatoes") == .pantry)
        #expect(IngredientAisle.aisle(for: "extra-virgin olive oil") == .pantry)
    }

    @Test func wordsMatchWhole() {
        // `rice` is not in `licorice`, `ham` not in `hamburger`, `pea` not in `chickpea`.
        #expect(IngredientAisle.aisle(for: "licorice") == .other)
        #expect(IngredientAisle.aisle(for: "hamburger buns") == .bakery)
        #expect(IngredientAisle.aisle(for: "chickpeas") == .pantry)
        #expect(IngredientAisle.aisle(for: "nutmeg") == .spices)
    }

    @Test func unknownAndHostileNamesAreOther() {
        for name in ["", " ", "dragon scales", "<script>alert(1)</script>", "🍅", String(repeating: "x ", count: 5_000)]
        {
            #expect(IngredientAisle.aisle(for: name) == .other, "\(name.prefix(20))")
        }
    }

    @Test func everyPhraseIsInOneAisleOnly() {
        let all = IngredientAisle.phrases.values.flatMap { $0 }.map { PhraseTable<Aisle>.words($0) }
        #expect(all.count == Set(all).count)
        #expect(!all.contains([]))
    }

    /// Every distinct ingredient of the bundled catalog (Resources/catalog/recipes/*.json).
    @Test func theBundledCatalogLandsInRealAisles() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/RecipeCartServices/Resources/catalog/recipes")
        struct Recipe: Decodable { var ingredients: [Ingredient] }
        var names = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        where file.pathExtension == "json" {
            let recipe = try JSONDecoder().decode(Recipe.self, from: Data(contentsOf: file))
            names.formUnion(recipe.ingredients.map { IngredientName($0.name).key })
        }
        let unplaced = names.filter { IngredientAisle.aisle(for: $0) == .other }.sorted()
        #expect(names.count > 150)
        #expect(Double(unplaced.count) / Double(names.count) <= 0.1, "\(unplaced)")
        #expect(unplaced.isEmpty, "\(unplaced)")
    }

    /// TheMealDB's ingredient vocabulary, as its recipes write it.
    @Test func theMealDBVocabularyLandsInRealAisles() {
        let unplaced = Self.mealDBNames.filter { IngredientAisle.aisle(for: $0) == .other }
        #expect(Double(unplaced.count) / Double(Self.mealDBNames.count) <= 0.1, "\(unplaced)")
        #expect(unplaced.isEmpty, "\(unplaced)")
    }

    @Test func staplesStartAsHave() {
        for name in [
            "salt", "Salt", "sea salt", "kosher salt", "pepper", "black pepper", "Black Pepper", "ground black pepper",
            "white pepper", "salt & pepper", "salt and pepper", "water", "cold water", "oil", "olive oil",
            "extra-virgin olive oil", "Extra Virgin Olive Oil", "vegetable oil", "sunflower oil", "rapeseed oil",
        ] {
            #expect(PantryStaple.startsAsHave(IngredientName(name).key), "\(name)")
        }
        for name in [
            "red pepper", "bell pepper", "green pepper", "chilli pepper", "cayenne pepper", "black peppercorns",
            "sesame oil", "coconut oil", "chilli oil", "sea salt flakes", "salted butter", "salt cod", "watercress",
            "rose water", "",
        ] {
            #expect(!PantryStaple.startsAsHave(IngredientName(name).key), "\(name)")
        }
    }

    static let mealDBNames = [
        "Chicken", "Salmon", "Beef", "Pork", "Avocado", "Apple Cider Vinegar", "Asparagus", "Aubergine",
        "Baby Plum Tomatoes",
        "Bacon", "Baking Powder", "Balsamic Vinegar", "Basil", "Basil Leaves", "Basmati Rice", "Bay Leaf", "Bay Leaves",
        "Beef Brisket", "Beef Fillet", "Beef Gravy", "Beef Stock", "Bicarbonate Of Soda", "Biryani Masala",
        "Black Pepper",
        "Black Treacle", "Borlotti Beans", "Bowtie Pasta", "Bramley Apples", "Brandy", "Bread", "Breadcrumbs",
        "Broccoli",
        "Brown Lentils", "Brown Rice", "Brown Sugar", "Butter", "Cacao", "Cajun", "Canned Tomatoes", "Cannellini Beans",
        "Cardamom", "Carrots", "Cashew Nuts", "Cashews", "Caster Sugar", "Cayenne Pepper", "Celeriac", "Celery",
        "Celery Salt", "Challots", "Charlotte Potatoes", "Cheddar Cheese", "Cheese", "Cheese Curds", "Cherry Tomatoes",
        "Chestnut Mushroom", "Chicken Breast", "Chicken Breasts", "Chicken Legs", "Chicken Stock", "Chicken Thighs",
        "Chickpeas", "Chili Powder", "Chilled Butter", "Chilli", "Chilli Powder", "Chinese Broccoli", "Chocolate Chips",
        "Chopped Onion", "Chopped Parsley", "Chopped Tomatoes", "Chorizo", "Christmas Pudding", "Cilantro", "Cinnamon",
        "Cinnamon Stick", "Cloves", "Coco Sugar", "Cocoa", "Coconut Cream", "Coconut Milk", "Colby Jack Cheese",
        "Cold Water", "Condensed Milk", "Coriander", "Coriander Leaves", "Coriander Seeds", "Corn Tortillas",
        "Cornstarch", "Cream", "Creme Fraiche", "Cubed Feta Cheese", "Cucumber", "Cumin", "Cumin Seeds", "Curry Powder",
        "Dark Brown Sugar", "Dark Soft Brown Sugar", "Dark Soy Sauce", "Demerara Sugar", "Diced Tomatoes",
        "Digestive Biscuits", "Dill", "Doner Meat", "Double Cream", "Dried Oregano", "Dry White Wine", "Egg Plants",
        "Egg White", "Egg Yolks", "Eggs", "Enchilada Sauce", "English Mustard", "Extra Virgin Olive Oil",
        "Fajita Seasoning", "Farfalle", "Fennel Bulb", "Fennel Seeds", "Fenugreek", "Feta", "Fish Sauce",
        "Flaked Almonds", "Flour", "Flour Tortilla", "Floury Potatoes", "Free-range Egg, Beaten", "French Lentils",
        "Fresh Basil", "Fresh Thyme", "Freshly Chopped Parsley", "Fries", "Full Fat Yogurt", "Garam Masala", "Garlic",
        "Garlic Clove", "Garlic Powder", "Garlic Sauce", "Ghee", "Ginger", "Ginger Cordial", "Ginger Garlic Paste",
        "Ginger Paste", "Golden Syrup", "Gouda Cheese", "Granulated Sugar", "Grape Tomatoes", "Greek Yogurt",
        "Green Beans", "Green Chilli", "Green Olives", "Green Red Lentils", "Green Salsa", "Ground Almonds",
        "Ground Beef", "Ground Cumin", "Ground Ginger", "Gruyère", "Hard Taco Shells", "Harissa Spice", "Heavy Cream",
        "Honey", "Horseradish", "Hot Beef Stock", "Hotsauce", "Ice Cream", "Italian Fennel Sausages",
        "Italian Seasoning",
        "Jalapeno", "Jasmine Rice", "Jerk", "Kale", "Khus Khus", "Kidney Beans", "Kosher Salt", "Lamb",
        "Lamb Loin Chops",
        "Lamb Mince", "Lasagne Sheets", "Lean Minced Beef", "Leek", "Lemon", "Lemon Juice", "Lemon Zest", "Lemons",
        "Lettuce", "Lime", "Little Gem Lettuce", "Macaroni", "Mackerel", "Madras Paste", "Marjoram",
        "Massaman Curry Paste", "Medjool Dates", "Meringue Nests", "Milk", "Minced Garlic", "Miniature Marshmallows",
        "Mint", "Monterey Jack Cheese", "Mozzarella Balls", "Muscovado Sugar", "Mushrooms", "Mustard", "Mustard Powder",
        "Mustard Seeds", "Nutmeg", "Oil", "Olive Oil", "Onion Salt", "Onions", "Orange", "Orange Zest", "Oregano",
        "Oyster Sauce", "Paprika", "Parma Ham", "Parmesan", "Parmesan Cheese", "Parmigiano-Reggiano", "Parsley",
        "Peanut Butter", "Peanut Oil", "Peanuts", "Peas", "Pecorino", "Penne Rigate", "Pepper", "Pine Nuts",
        "Pitted Black Olives", "Plain Chocolate", "Plain Flour", "Plum Tomatoes", "Pork Chops", "Potato Starch",
        "Potatoes", "Prawns", "Puff Pastry", "Raspberry Jam", "Raw King Prawns", "Red Chilli Flakes", "Red Chilli",
        "Red Chilli Powder", "Red Onions", "Red Pepper", "Red Pepper Flakes", "Red Wine", "Red Wine Vinegar", "Rice",
        "Rice Noodles", "Rice Stick Noodles", "Rice Vermicelli", "Rigatoni", "Rocket", "Rolled Oats", "Rosemary",
        "Saffron", "Sage", "Sake", "Salsa", "Salt", "Salted Butter", "Sausages", "Sea Salt", "Self-raising Flour",
        "Semi-skimmed Milk", "Sesame Seed", "Shallots", "Shredded Mexican Cheese", "Small Potatoes", "Smoked Paprika",
        "Sour Cream", "Soy Sauce", "Soya Milk", "Spaghetti", "Spinach", "Spring Onions", "Squash",
        "Stir-fry Vegetables",
        "Strawberries", "Sugar", "Sultanas", "Sunflower Oil", "Tamarind Ball", "Tamarind Paste", "Thai Fish Sauce",
        "Thai Green Curry Paste", "Thai Red Curry Paste", "Thyme", "Tomato Ketchup", "Tomato Puree", "Tomatoes",
        "Toor Dal", "Tuna", "Turmeric", "Turmeric Powder", "Turnips", "Vanilla", "Vanilla Extract", "Veal",
        "Vegan Butter", "Vegetable Oil", "Vegetable Stock", "Vegetable Stock Cube", "Vinaigrette Dressing",
        "Vine Leaves", "Vinegar", "Water", "White Chocolate Chips", "White Fish", "White Fish Fillets", "White Vinegar",
        "White Wine", "Whole Milk", "Whole Wheat", "Wholegrain Bread", "Worcestershire Sauce", "Yogurt", "Zucchini",
        "Cream Cheese", "Icing Sugar", "Cream Of Tartar", "Mixed Peel", "Mixed Spice", "Currants", "Raisins", "Suet",
        "Sherry", "Glace Cherry", "Marzipan", "Almond Extract", "Mascarpone", "Sponge Fingers", "Haddock",
        "Smoked Haddock", "Capers", "Gherkins", "Clams", "Mussels", "Squid", "Sardines", "Anchovy Fillet", "Prosciutto",
        "Pancetta", "Lamb Shoulder", "Duck Legs", "Goose Fat", "Oxtail", "Ham Hock", "Black Pudding", "Baked Beans",
        "Egg Noodles", "Udon Noodles", "Sesame Oil", "Rice Wine", "Shiitake Mushrooms", "Bok Choy", "Pak Choi",
        "Bean Sprouts", "Water Chestnut", "Bamboo Shoots", "Star Anise", "Five Spice", "Hoisin Sauce", "Sichuan Pepper",
        "Miso", "Tofu", "Mirin", "Sushi Rice", "Nori", "Wasabi", "Desiccated Coconut", "Lemongrass",
        "Kaffir Lime Leaves",
        "Galangal", "Paneer", "Chickpea Flour", "Naan Bread", "Pita Bread", "Tortillas", "Refried Beans", "Sweetcorn",
        "Black Beans", "Tahini", "Bulgur Wheat", "Couscous", "Pomegranate", "Pistachios", "Halloumi", "Dates", "Figs",
        "Rose Water", "Cardamom Pods", "Sumac", "Filo Pastry", "Shortcrust Pastry", "Butternut Squash",
        "Sweet Potatoes",
        "Parsnips", "Swede", "Beetroot", "Radishes", "Watercress", "Savoy Cabbage", "Brussels Sprouts", "Cauliflower",
        "Mangetout", "Sugar Snap Peas", "Broad Beans", "Artichoke Hearts", "Olives", "Sun-Dried Tomatoes",
        "Roasted Red Peppers", "Scotch Bonnet", "Allspice", "Gelatine Leafs", "Custard Powder", "Jam", "Lemon Curd",
        "Nutella", "Maple Syrup", "Cranberries", "Blueberries", "Rhubarb", "Mango", "Pineapple", "Banana", "Grapes",
        "Lime Juice", "Mincemeat", "Marshmallows", "Biscuits", "Turkey Mince", "Venison", "Monkfish", "Sea Bass",
        "Scallops", "Crab Meat", "Goats Cheese", "Ricotta", "Stilton", "Buttermilk", "Clotted Cream", "Yeast",
        "Strong White Bread Flour", "Polenta", "Semolina", "Pearl Barley", "Quinoa", "Split Peas", "Lard", "Stout",
        "Cider", "Sriracha", "Barbeque Sauce", "Mayonnaise", "Dijon Mustard", "Garlic Salt", "Onion Powder", "Okra",
        "Courgettes", "Frozen Peas", "Spring Greens",
    ]
}
