import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct InstructionStepsTests {
    @Test func linesBecomeStepsAndBlanksGo() {
        #expect(InstructionSteps.split("Chop.\r\n\r\n  Fry.  \n\n\rServe.\r") == ["Chop.", "Fry.", "Serve."])
    }

    @Test(arguments: ["step 1", "STEP 2", "Step 3:", "1.", "12", "Step 4 -", "step10", "2)"])
    func bareHeadersAreDropped(_ header: String) {
        #expect(InstructionSteps.split("\(header)\r\nStir.") == ["Stir."])
    }

    @Test(arguments: [
        ("1. Heat the oil.", "Heat the oil."),
        ("Step 1 - Heat the oil.", "Heat the oil."),
        ("STEP 2: Heat the oil.", "Heat the oil."),
        ("Step 3 Heat the oil.", "Heat the oil."),
        ("4) Heat the oil.", "Heat the oil."),
        ("2 eggs go in next.", "2 eggs go in next."),
        ("1.5 kg of potatoes, peeled.", "1.5 kg of potatoes, peeled."),
        ("Step away from the hob.", "Step away from the hob."),
        ("Stepping back, taste it.", "Stepping back, taste it."),
    ])
    func leadingLabelsAreTakenOff(line: String, expected: String) {
        #expect(InstructionSteps.split(line) == [expected])
    }

    @Test func aSingleParagraphStaysOneStep() {
        #expect(
            InstructionSteps.split("Mix everything. Bake for 20 minutes. Cool.") == [
                "Mix everything. Bake for 20 minutes. Cool."
            ])
    }

    @Test func nothingToSplitIsNoSteps() {
        #expect(InstructionSteps.split("").isEmpty)
        #expect(InstructionSteps.split(" \r\n STEP 1 \r\n").isEmpty)
    }
}
