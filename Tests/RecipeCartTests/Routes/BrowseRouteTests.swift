import RecipeCartDomain
import RecipeCartStorage
import Testing

@testable import RecipeCart

@Suite struct BrowseRouteTests {
    @Test func homeShowsWholeCatalogGroupedByPictureAndSortedByName() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/")
            #expect(page.status == .ok)
            #expect(page.sectionTitles == ["Popular", "Other"])
            // 52 recipes make one page: a last page of 4 would be folded into the first anyway.
            #expect(page.recipeIDs.count == 52)
            #expect(page.contains("52 recipes"))
            #expect(!page.contains(#"rel="next""#))
            let titles = page.allMatches(#"<span class="tile-title">([^<]+)</span>"#)
            #expect(titles == titles.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending })
            #expect(page.contains(#"<img class="tile-image" src="/images/bundled/"#))
            #expect(page.contains("servings"))

            let second = try await shopper.get("/?page=2")
            #expect(second.recipeIDs == page.recipeIDs)
        }
    }

    @Test func otherSectionListsRecipesWithoutPictures() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/?category=Dessert")
            #expect(page.sectionTitles == ["Popular", "Other"])
            #expect(page.plainListIDs.contains("bundled-4"))
            #expect(page.tileIDs.contains("bundled-1"))
            #expect(!page.tileIDs.contains("bundled-4"))
        }
    }

    @Test func timeGroupingHasQuickUnderAnHourAndLonger() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/?group=time&category=Vegetarian")
            #expect(page.sectionTitles == ["Quick (≤ 20 min)", "Under an hour", "Longer"])
            // French Herb Omelette takes 10 minutes, Margherita Pizza 120.
            let quickEnd = page.html.range(of: "Under an hour")!.lowerBound
            #expect(page.html.range(of: #"data-recipe-id="bundled-14""#)!.lowerBound < quickEnd)
            #expect(
                page.html.range(of: #"data-recipe-id="bundled-13""#)!.lowerBound
                    > page.html.range(of: ">Longer<")!.lowerBound)
        }
    }

    /// Pages of one shape are filled from one plan (`RenderPlans`): each still shows its own search, count and recipes.
    @Test func searchesOfOneShapeEachShowTheirOwnValues() async throws {
        try await TestEnvironment().withShopper { shopper in
            let first = try await shopper.get("/?q=carbonara")
            let second = try await shopper.get("/?q=chickpea%20%26%20%22")
            let third = try await shopper.get("/?q=carbonara")
            #expect(first.recipeIDs == ["bundled-33"])
            #expect(first.contains(#"value="carbonara""#))
            #expect(second.recipeIDs.contains("bundled-15"))
            #expect(!second.recipeIDs.contains("bundled-33"))
            #expect(second.contains(#"value="chickpea &amp; &quot;""#))
            #expect(!second.contains("carbonara"))
            #expect(third.html == first.html)
        }
    }

    @Test func searchFindsByTitleIngredientAndPrefix() async throws {
        try await TestEnvironment().withShopper { shopper in
            let byTitle = try await shopper.get("/?q=carbonara")
            #expect(byTitle.recipeIDs == ["bundled-33"])
            #expect(byTitle.contains(#"value="carbonara""#))

            let byPrefix = try await shopper.get("/?q=carbon")
            #expect(byPrefix.recipeIDs.contains("bundled-33"))

            let byIngredient = try await shopper.get("/?q=chickpea")
            #expect(byIngredient.recipeIDs.contains("bundled-15"))

            let stemmed = try await shopper.get("/?q=pancake")
            #expect(stemmed.recipeIDs.contains("bundled-39"))
        }
    }

    @Test func aPluralFindsTheSingularAndTheCountIsEveryRecipeFound() async throws {
        try await TestEnvironment().withShopper { shopper in
            let plural = try await shopper.get("/?q=tomatoes")
            let singular = try await shopper.get("/?q=tomato")
            // "tomato", "canned tomato" (bundled-10) and "chopped tomatoes" (bundled-11) are all found either way.
            #expect(plural.recipeIDs.contains("bundled-10") && plural.recipeIDs.contains("bundled-11"))
            #expect(Set(plural.recipeIDs) == Set(singular.recipeIDs))
            #expect(plural.contains("\(plural.recipeIDs.count) recipes"))
            #expect(plural.sectionTitles == ["Best matches"])

            let both = try await shopper.get("/?q=tomatoes&category=Vegetarian")
            #expect(!both.recipeIDs.isEmpty && Set(both.recipeIDs).isSubset(of: Set(plural.recipeIDs)))
            let vegetarian = try await shopper.get("/?category=Vegetarian")
            #expect(Set(both.recipeIDs).isSubset(of: Set(vegetarian.recipeIDs)))
            #expect(try await shopper.get("/?q=tomatoes&category=Dessert").recipeIDs.isEmpty)
        }
    }

    @Test func categoryAndDietFiltersNarrowTheList() async throws {
        try await TestEnvironment().withShopper { shopper in
            let vegan = try await shopper.get("/?diet=vegan")
            #expect(!vegan.recipeIDs.isEmpty)
            #expect(!vegan.recipeIDs.contains("bundled-21"))
            #expect(vegan.contains(#"<option value="vegan" selected>"#))

            let chicken = try await shopper.get("/?category=Chicken")
            #expect(Set(chicken.recipeIDs) == Set((21...26).map { "bundled-\($0)" }))
            #expect(chicken.contains(#"class="chip is-selected" href="/?category=Chicken""#))

            let both = try await shopper.get("/?category=Chicken&diet=vegan")
            #expect(both.recipeIDs.isEmpty)
            #expect(both.contains("No recipes match these filters"))
        }
    }

    @Test func aSearchWithNoHitsSaysSoKindly() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/?q=zzzqqq")
            #expect(page.status == .ok)
            #expect(page.recipeIDs.isEmpty)
            #expect(page.contains("No recipes match “zzzqqq”"))
            #expect(page.contains(#"href="/">See all recipes"#))
        }
    }

    @Test(arguments: [
        "%22", "%22unbalanced", "*", "-", "NEAR", "OR", "AND%20NOT", "NEAR(a%20b)", "%F0%9F%8D%95", "a%22b%22c*",
        "%27%3B%20DROP%20TABLE%20recipes%3B--", "%5E", "col:title", "%00", "%ZZ", "((((", "tomato%20OR%20",
    ])
    func anythingTypedInTheBoxGivesAPage(_ query: String) async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/?q=\(query)")
            #expect(page.status == .ok)
            #expect(page.contains("Find a recipe"))
        }
    }

    @Test func tenKilobytesOfSearchTextGivesAPage() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/?q=" + String(repeating: "tomato%20", count: 1200))
            #expect(page.status == .ok)
            #expect(page.contains("Find a recipe"))
        }
    }

    @Test func searchTextIsEscapedWhenEchoed() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E")
            #expect(page.status == .ok)
            #expect(!page.contains("<script>alert(1)</script>"))
            #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
    }

    @Test func aSearchListsBestMatchesFirstPicturedOrNot() async throws {
        try await TestEnvironment().withShopper { shopper in
            // Crème Brûlée has no picture; as the best match for its name it still leads, as a tile with the drawn placeholder.
            let page = try await shopper.get("/?q=brulee&group=time")
            #expect(page.sectionTitles == ["Best matches"])
            #expect(page.tileIDs.first == "bundled-4")
            #expect(page.contains(#"<span class="tile-image tile-image--placeholder" aria-hidden="true"></span>"#))
            #expect(!page.contains("chips--grouping"))
            let dessert = try await shopper.get("/?q=dessert")
            #expect(dessert.sectionTitles == ["Best matches"])
            #expect(dessert.tileIDs.contains("bundled-4") && dessert.tileIDs.contains("bundled-1"))
            #expect(dessert.plainListIDs.isEmpty)
            #expect(try await shopper.get("/").contains("Photos first"))
        }
    }

    @Test func theMainIngredientFilterCombinesWithTheOthers() async throws {
        try await TestEnvironment().withShopper { shopper in
            let home = try await shopper.get("/")
            #expect(
                home.contains(#"<select class="search-diet" id="ingredient" name="ingredient" form="search-form">"#))
            #expect(home.contains(#"<option value="chicken">Chicken</option>"#))
            let chicken = try await shopper.get("/?ingredient=chicken")
            #expect(chicken.status == .ok)
            #expect(chicken.contains(#"<option value="chicken" selected>Chicken</option>"#))
            #expect(chicken.contains(#"href="/?category=Dessert&amp;ingredient=chicken""#))
            #expect(chicken.contains(" · Chicken</span>"))
            let ids = chicken.recipeIDs
            #expect(!ids.isEmpty && ids.count < 52)
            // The chicken dishes are listed, a lemon cake is not (the store tests check every listed recipe uses it).
            for id in ["bundled-21", "bundled-22", "bundled-23"] { #expect(ids.contains(id), "\(id)") }
            #expect(!ids.contains("bundled-1"))
            // With a search and a diet: all must hold; links keep the ingredient.
            let lemon = try await shopper.get("/?q=lemon&ingredient=chicken")
            #expect(lemon.searchResultIDs == lemon.searchResultIDs.filter(ids.contains))
            #expect(lemon.contains(#"<option value="chicken" selected>Chicken</option>"#))
            #expect(try await shopper.get("/?ingredient=chicken&diet=vegan").contains("No recipes match these filters"))
            // Unknown values are ignored, as for the other filters.
            for unknown in ["unicorn", "%3Cscript%3E", "CHICKEN", ""] {
                let page = try await shopper.get("/?ingredient=\(unknown)")
                #expect(page.status == .ok)
                #expect(page.recipeIDs.count == 52, "\(unknown)")
            }
        }
    }

    @Test func theCuisineFilterCombinesWithTheOthers() async throws {
        try await TestEnvironment().withShopper { shopper in
            let home = try await shopper.get("/")
            #expect(home.contains(#"<select class="search-diet" id="area" name="area" form="search-form">"#))
            #expect(home.contains(#"<option value="" selected>Any cuisine</option>"#))
            #expect(home.contains(#"<option value="Italian">Italian</option>"#))
            let italian = try await shopper.get("/?area=Italian")
            #expect(italian.status == .ok)
            #expect(italian.contains(#"<option value="Italian" selected>Italian</option>"#))
            #expect(italian.contains(#"href="/?category=Pasta&amp;area=Italian""#))
            #expect(italian.contains(" · Italian</span>"))
            let ids = italian.recipeIDs
            #expect(!ids.isEmpty && ids.count < 52)
            for id in ["bundled-33", "bundled-13", "bundled-8"] { #expect(ids.contains(id), "\(id)") }
            #expect(!ids.contains("bundled-28"))
            // Any case names the same cuisine, in the catalog's spelling.
            let lower = try await shopper.get("/?area=italian")
            #expect(lower.recipeIDs == ids)
            #expect(lower.contains(#"<option value="Italian" selected>Italian</option>"#))
            // With a search, a diet and a main ingredient: all must hold.
            let pasta = try await shopper.get("/?q=pasta&area=Italian&diet=vegan")
            #expect(!pasta.searchResultIDs.isEmpty)
            #expect(pasta.searchResultIDs == pasta.searchResultIDs.filter(ids.contains))
            #expect(pasta.searchResultIDs.contains("bundled-34"))
            #expect(!pasta.searchResultIDs.contains("bundled-33"))
            #expect(try await shopper.get("/?q=carbonara&area=French").contains("No recipes match"))
            #expect(
                try await shopper.get("/?ingredient=pork&area=Thai&diet=vegan").contains(
                    "No recipes match these filters"))
            // Unknown and hostile values are ignored, and never written back into the page.
            for unknown in [
                "Atlantis", "%3Cscript%3Ealert(1)%3C%2Fscript%3E", "..%2F..%2Fetc%2Fpasswd", "../", "Ital",
                "Italian%20food", "", "%25",
            ] {
                let page = try await shopper.get("/?area=\(unknown)")
                #expect(page.status == .ok, "\(unknown)")
                #expect(page.recipeIDs.count == 52, "\(unknown)")
                #expect(page.contains(#"<option value="" selected>Any cuisine</option>"#), "\(unknown)")
                #expect(
                    !page.contains("<script>alert") && !page.contains("passwd") && !page.contains("Atlantis"),
                    "\(unknown)")
            }
        }
    }

    /// The Vegan category is the vegan diet: it is no longer offered as a category, and an old link to it lists the
    /// vegan recipes.
    @Test func theVeganCategoryIsTheVeganDiet() async throws {
        try await TestEnvironment().withShopper { shopper in
            let home = try await shopper.get("/")
            #expect(!home.contains(#"category=Vegan""#))
            let diet = try await shopper.get("/?diet=vegan")
            let old = try await shopper.get("/?category=Vegan")
            #expect(old.status == .ok)
            #expect(old.recipeIDs == diet.recipeIDs)
            #expect(old.contains(#"<option value="vegan" selected>Vegan</option>"#))
            for id in ["bundled-15", "bundled-16", "bundled-7", "bundled-34"] {
                #expect(old.recipeIDs.contains(id), "\(id)")
            }
            // Every recipe filed under Vegetarian is vegetarian.
            let vegetarian = try await shopper.get("/?diet=vegetarian")
            let filed = try await shopper.get("/?category=Vegetarian")
            #expect(filed.recipeIDs.allSatisfy(vegetarian.recipeIDs.contains))
            #expect(filed.recipeIDs.contains("bundled-15"))
        }
    }

    @Test func unknownFiltersAreIgnored() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/?diet=paleo&group=sideways&page=banana")
            #expect(page.status == .ok)
            #expect(page.sectionTitles == ["Popular", "Other"])
        }
    }
}

/// "Did you mean …?" through HTTP, on the bundled catalog.
@Suite struct DidYouMeanRouteTests {
    @Test func aMistypedSearchOffersTheNearestWordAndItsRecipes() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/?q=chiken")
            #expect(page.status == .ok)
            #expect(page.contains(#"data-did-you-mean="chicken">Did you mean <a href="/?q=chicken">chicken</a>?"#))
            #expect(page.contains("No recipes match “chiken”."))
            #expect(page.tileIDs.count >= 3)
            let followed = try await shopper.get("/?q=chicken")
            #expect(!followed.contains("data-did-you-mean"))
            #expect(Set(page.tileIDs).isSubset(of: Set(followed.recipeIDs)))
        }
    }

    @Test func correctSearchesAndFiltersAreKept() async throws {
        try await TestEnvironment().withShopper { shopper in
            #expect(!(try await shopper.get("/?q=chicken")).contains("data-did-you-mean"))
            #expect(!(try await shopper.get("/?q=chick")).contains("data-did-you-mean"))
            let filtered = try await shopper.get("/?q=lemn&diet=vegetarian")
            #expect(
                filtered.contains(#"href="/?q=lemon&amp;diet=vegetarian""#)
                    || filtered.contains(#"href="/?q=lemon&diet=vegetarian""#))
        }
    }

    @Test func hostileSearchesStillGetAPage() async throws {
        try await TestEnvironment().withShopper { shopper in
            for query in [
                String(repeating: "%2A", count: 200), String(repeating: "x", count: 200), "%3Cscript%3E",
                String(repeating: "chiken+", count: 30),
            ] {
                let page = try await shopper.get("/?q=\(query)")
                #expect(page.status == .ok, "\(query)")
                #expect(!page.contains("<script>"))
            }
        }
    }
}

/// "What can I make with…" (`?have=`) through HTTP, on the bundled catalog.
@Suite struct HaveRouteTests {
    @Test func recipesAreRankedByHowFewIngredientsAreMissing() async throws {
        try await TestEnvironment().withShopper { shopper in
            let home = try await shopper.get("/")
            #expect(home.contains(#"name="have" form="search-form" value="""#))
            let page = try await shopper.get("/?have=eggs,+flour,+milk")
            #expect(page.status == .ok)
            #expect(page.sectionTitles == ["Fewest ingredients missing"])
            // The ranking is its own order: no grouping is offered beside it.
            #expect(!page.contains("chips--grouping"))
            let counts = page.allMatches(#"data-missing-count="(\d+)""#).compactMap(Int.init)
            #expect(counts.count == page.tileIDs.count && !counts.isEmpty)
            #expect(counts == counts.sorted())
            #expect(page.contains(#"value="eggs, flour, milk""#))
            #expect(page.contains(" · with eggs, flour, milk</span>"))
            // Banana bread uses all three; coconut milk, egg noodles and flour tortillas are other things.
            #expect(page.tileIDs.contains("bundled-43"))
            for other in ["bundled-31", "bundled-25", "bundled-26"] {
                #expect(!page.tileIDs.contains(other), "\(other)")
            }
            // What is missing is listed on the tile, never an item the shopper has or salt.
            let missing = page.allMatches(#"<p class="tile-missing">Missing: ([^<]+)</p>"#).joined(separator: ", ")
            for had in ["egg", "plain flour", "milk", "salt"] {
                #expect(
                    !missing.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains(had),
                    "\(had)")
            }
            // Links keep the items; other filters narrow the ranking.
            #expect(page.contains(#"href="/?category=Dessert&amp;have=eggs%2Cflour%2Cmilk""#))
            let desserts = try await shopper.get("/?have=eggs,flour,milk&category=Dessert")
            #expect(!desserts.tileIDs.isEmpty && Set(desserts.tileIDs).isSubset(of: Set(page.tileIDs)))
            #expect(!desserts.tileIDs.contains("bundled-37"))
        }
    }

    @Test func emptyHostileAndTooManyItemsAreHandledLikeOtherFilters() async throws {
        try await TestEnvironment().withShopper { shopper in
            for empty in ["", "+,+;", "%2C%2C"] {
                let page = try await shopper.get("/?have=\(empty)")
                #expect(page.status == .ok)
                #expect(page.recipeIDs.count == 52, "\(empty)")
            }
            let nothing = try await shopper.get("/?have=unobtainium")
            #expect(nothing.status == .ok)
            #expect(nothing.contains("No recipes use “unobtainium” with these filters."))
            let hostile = try await shopper.get("/?have=%3Cscript%3Ealert(1)%3C%2Fscript%3E,..%2F..%2Fetc")
            #expect(hostile.status == .ok)
            #expect(!hostile.contains("<script>alert"))
            // Only the first ten items count: an eleventh is left out of the ranking and the field.
            let ten = (1...10).map { "thing\($0)" }
            let eleven = try await shopper.get("/?have=\(ten.joined(separator: ",")),egg")
            #expect(eleven.status == .ok)
            #expect(eleven.contains(#"value="\#(ten.joined(separator: ", "))""#))
            #expect(eleven.tileIDs.isEmpty)
            let huge = try await shopper.get("/?have=" + String(repeating: "egg,", count: 2_000))
            #expect(huge.status == .ok)
            #expect(huge.contains(#"value="egg""#))
        }
    }
}
