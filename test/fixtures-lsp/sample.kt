package demo

class Greeter(val name: String) {
    fun greet(times: Int): List<String> {
        val out = mutableListOf<String>()
        for (i in 0 until times) {
            out.add("$i: hello $name")
        }
        return out
    }
}
